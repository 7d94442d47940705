/**
 * What every field reads besides its own props: the form's control (stable across renders, so
 * memoised fields do not re-render when the page does), the model, the locale being edited and
 * whether a field may be written (field-level permissions). One context value per page.
 */
import { createContext, useContext } from 'react';
import type { Control, FieldValues, UseFormGetValues, UseFormSetValue } from 'react-hook-form';
import type { ModelIndex } from './model.js';

export interface FieldsContextValue {
  control: Control<FieldValues>;
  setValue: UseFormSetValue<FieldValues>;
  getValues: UseFormGetValues<FieldValues>;
  /** uid of the edited content type (uid generation names it) */
  contentTypeUid: string;
  model: ModelIndex;
  locale: string | undefined;
  /** false for a top-level attribute the admin may not update */
  canEdit(attributeName: string): boolean;
}

export const FieldsContext = createContext<FieldsContextValue | null>(null);

export function useFields(): FieldsContextValue {
  const value = useContext(FieldsContext);
  if (!value) throw new Error('useFields outside FieldsContext');
  return value;
}

/** the props of every field component: where its value lives in the form and its schema */
export interface FieldProps<A> {
  /** react-hook-form path, `seo.social.0.url` */
  path: string;
  /** the attribute's name: the control's accessible name */
  name: string;
  attribute: A;
  /** uid of the content type or component holding the attribute (relation searches name it) */
  schemaUid: string;
  disabled: boolean;
}

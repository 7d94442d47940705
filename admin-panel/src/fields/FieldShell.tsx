/**
 * A field's frame: the label (the attribute's name, which is the control's accessible name; the
 * required mark is hidden from it), the control, and the field's error. Only this component
 * subscribes to the field's error, so a validation message re-renders one field.
 */
import { useFormState, get } from 'react-hook-form';
import type { ReactNode } from 'react';
import { useFields } from './fields-context.js';

export function useFieldError(path: string): string | undefined {
  const { control } = useFields();
  const { errors } = useFormState({ control, name: path, exact: true });
  const error = get(errors, path) as { message?: unknown } | undefined;
  return error && typeof error.message === 'string' ? error.message : undefined;
}

export function errorIdOf(id: string): string {
  return `${id}-error`;
}

export function FieldShell(props: { id: string; label: string; required?: boolean; error?: string; hint?: ReactNode; children: ReactNode; labelFor?: boolean }) {
  const { id, label, required, error, hint, children, labelFor = true } = props;
  return (
    <div className="vf-field" data-field={label}>
      <div className="vf-label-row">
        {labelFor ? (
          <label className="vf-label" htmlFor={id} id={`${id}-label`}>
            {label}
          </label>
        ) : (
          <span className="vf-label" id={`${id}-label`}>
            {label}
          </span>
        )}
        {/* outside the label: the accessible name is the attribute's name alone */}
        {required ? <span aria-hidden="true" className="vf-required">*</span> : null}
      </div>
      {children}
      {hint ? <div className="vf-hint">{hint}</div> : null}
      {error ? (
        <div className="vf-error" id={errorIdOf(id)} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/**
 * blocks: the Slate editor, loaded on demand (its own chunk). The form holds the blocks JSON
 * (null when the document is empty). The editor starts from the value it mounts with; the page
 * remounts the form when it loads another value (reset, locale).
 */
import { lazy, memo, Suspense, useId } from 'react';
import { useController } from 'react-hook-form';
import type { ScalarAttribute } from './model.js';
import { FieldShell, errorIdOf } from './FieldShell.js';
import { useFields, type FieldProps } from './fields-context.js';
import { validationOf } from './rules.js';
import { useMediaPicker } from './media-picker.js';

const BlocksEditor = lazy(() => import('./blocks/BlocksEditor.js'));

export const BlocksField = memo(function BlocksField({ path, name, attribute, disabled }: FieldProps<ScalarAttribute>) {
  const id = useId();
  const { control } = useFields();
  const { field, fieldState } = useController({ control, name: path, rules: { validate: validationOf(attribute) }, disabled });
  const error = fieldState.error?.message;
  const { pickOne, picker } = useMediaPicker(`Image for ${name}`, ['images']);
  return (
    <FieldShell id={id} label={name} required={attribute.required} error={error} labelFor={false}>
      <Suspense fallback={<div className="vf-loading">Loading editor…</div>}>
        <BlocksEditor
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          labelId={`${id}-label`}
          describedBy={error ? errorIdOf(id) : undefined}
          readOnly={disabled}
          pickImage={pickOne}
        />
      </Suspense>
      {picker}
    </FieldShell>
  );
});

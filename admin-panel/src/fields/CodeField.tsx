/**
 * json and richtext: a CodeMirror editor loaded on demand (its own chunk, so the first screen
 * does not carry it). The form holds the text; a json value must parse (checked as you type,
 * and turned into the value when the entry is written).
 */
import { lazy, memo, Suspense, useId } from 'react';
import { useController } from 'react-hook-form';
import type { ScalarAttribute } from './model.js';
import { FieldShell, errorIdOf } from './FieldShell.js';
import { useFields, type FieldProps } from './fields-context.js';
import { validationOf } from './rules.js';

const JsonEditor = lazy(() => import('./code/JsonEditor.js'));
const MarkdownEditor = lazy(() => import('./code/MarkdownEditor.js'));

function parsesAsJson(value: unknown): true | string {
  if (typeof value !== 'string' || value.trim() === '') return true;
  try {
    JSON.parse(value);
    return true;
  } catch (error) {
    return `This is not valid JSON: ${(error as Error).message}`;
  }
}

export const CodeField = memo(function CodeField({ path, name, attribute, disabled }: FieldProps<ScalarAttribute>) {
  const id = useId();
  const { control } = useFields();
  const validate = validationOf(attribute);
  if (attribute.type === 'json') validate.json = parsesAsJson;
  const { field, fieldState } = useController({ control, name: path, rules: { validate }, disabled });
  const error = fieldState.error?.message;
  const Editor = attribute.type === 'json' ? JsonEditor : MarkdownEditor;
  return (
    <FieldShell id={id} label={name} required={attribute.required} error={error} labelFor={false}>
      <Suspense fallback={<div className="vf-loading">Loading editor…</div>}>
        <Editor
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          labelId={`${id}-label`}
          describedBy={error ? errorIdOf(id) : undefined}
          invalid={error !== undefined}
          readOnly={disabled}
        />
      </Suspense>
    </FieldShell>
  );
});

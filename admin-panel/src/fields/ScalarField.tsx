/**
 * The attribute kinds a native input edits: string, text, email, password, the four number
 * kinds, date, time, datetime, boolean and enumeration. Registered with react-hook-form, so the
 * input keeps its own state: a keystroke re-renders nothing but, when its error changes, this field.
 */
import { memo, useId } from 'react';
import type { ScalarAttribute } from './model.js';
import { FieldShell, errorIdOf, useFieldError } from './FieldShell.js';
import { useFields, type FieldProps } from './fields-context.js';
import { validationOf } from './rules.js';

const INPUT_TYPES: Partial<Record<ScalarAttribute['type'], { type: string; step?: string; inputMode?: 'numeric' | 'decimal' }>> = {
  string: { type: 'text' },
  email: { type: 'email' },
  password: { type: 'password' },
  integer: { type: 'number', step: '1' },
  biginteger: { type: 'text', inputMode: 'numeric' },
  float: { type: 'number', step: 'any' },
  decimal: { type: 'number', step: 'any' },
  date: { type: 'date' },
  time: { type: 'time', step: '1' },
  datetime: { type: 'datetime-local', step: '1' },
};

export const ScalarField = memo(function ScalarField({ path, name, attribute, disabled }: FieldProps<ScalarAttribute>) {
  const id = useId();
  const { control } = useFields();
  const error = useFieldError(path);
  const registration = control.register(path, { validate: validationOf(attribute), disabled });
  const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorIdOf(id) : undefined } as const;

  let input;
  if (attribute.type === 'boolean') {
    input = <input id={id} type="checkbox" className="vf-checkbox" {...registration} {...aria} />;
  } else if (attribute.type === 'enumeration') {
    input = (
      <select id={id} className="vf-input" {...registration} {...aria}>
        <option value="">Choose here</option>
        {(attribute.enum ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (attribute.type === 'text') {
    input = <textarea id={id} className="vf-input vf-textarea" rows={4} {...registration} {...aria} />;
  } else {
    const kind = INPUT_TYPES[attribute.type] ?? { type: 'text' };
    input = (
      <input
        id={id}
        className="vf-input"
        type={kind.type}
        step={kind.step}
        inputMode={kind.inputMode}
        autoComplete={attribute.type === 'password' ? 'new-password' : 'off'}
        {...registration}
        {...aria}
      />
    );
  }
  return (
    <FieldShell id={id} label={name} required={attribute.required} error={error}>
      {input}
    </FieldShell>
  );
});

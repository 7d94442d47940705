/**
 * A uid: generated from its `targetField` as you type there (Strapi leaves it empty until
 * "Regenerate" is clicked), until the editor writes it by hand; every value is checked for
 * availability (`POST /content-manager/uid/check-availability`), and "Regenerate" asks the
 * server again (`POST /content-manager/uid/generate`). Requests are debounced and the stale
 * ones aborted by sequence number, so the last keystroke's answer wins.
 */
import { memo, useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { UidAttribute } from './model.js';
import { FieldShell, errorIdOf, useFieldError } from './FieldShell.js';
import { useFields, type FieldProps } from './fields-context.js';
import { validationOf } from './rules.js';
import { useAdminApi } from './admin-api.js';

const UID_FORMAT = /^[A-Za-z0-9-_.~]*$/;
const DEBOUNCE_MS = 250;

type Availability = { value: string; isAvailable: boolean; suggestion: string | null } | null;

function siblingPath(path: string, name: string): string {
  const at = path.lastIndexOf('.');
  return at === -1 ? name : `${path.slice(0, at)}.${name}`;
}

export const UidField = memo(function UidField({ path, name, attribute, disabled }: FieldProps<UidAttribute>) {
  const id = useId();
  const api = useAdminApi();
  const { control, setValue, getValues, contentTypeUid, locale } = useFields();
  const error = useFieldError(path);
  const target = attribute.targetField;
  const targetValue = useWatch({ control, name: target ? siblingPath(path, target) : '__none__', disabled: !target }) as unknown;
  const current = useWatch({ control, name: path }) as unknown;
  // the value last generated: while the uid still equals it, a change of the target regenerates
  const generated = useRef<string | null>(null);
  const sequence = useRef(0);
  const [availability, setAvailability] = useState<Availability>(null);
  // the saved value is this entry's own: it is not checked against itself
  const saved = useRef(getValues(path) as unknown);

  const generate = async (): Promise<void> => {
    const ticket = ++sequence.current;
    const data = getValues() as Record<string, unknown>;
    const answer = await api.send<{ data: string }>('POST', '/content-manager/uid/generate', { contentTypeUID: contentTypeUid, field: name, data, locale });
    if (ticket !== sequence.current) return;
    generated.current = answer.data;
    setValue(path, answer.data, { shouldDirty: true, shouldValidate: true });
  };

  useEffect(() => {
    if (!target || disabled) return;
    const own = typeof current === 'string' ? current : '';
    const followsTarget = own === '' || own === generated.current;
    if (!followsTarget || typeof targetValue !== 'string' || targetValue.trim() === '') return;
    const timer = setTimeout(() => void generate().catch(() => undefined), DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // regenerate when the target changes, not when the uid does
  }, [targetValue]);

  useEffect(() => {
    const value = typeof current === 'string' ? current : '';
    if (value === '' || value === saved.current || !UID_FORMAT.test(value)) {
      setAvailability(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .send<{ isAvailable: boolean; suggestion: string | null }>('POST', '/content-manager/uid/check-availability', { contentTypeUID: contentTypeUid, field: name, value, locale })
        .then((answer) => {
          if (!controller.signal.aborted) setAvailability({ value, isAvailable: answer.isAvailable, suggestion: answer.suggestion });
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, contentTypeUid, current, locale, name]);

  const checks = validationOf(attribute);
  checks.format = (value) => UID_FORMAT.test(String(value ?? '')) || 'The value may only contain letters, digits and -_.~';
  const registration = control.register(path, { validate: checks, disabled });
  const hint =
    availability && availability.value === current ? (
      <span role="status">{availability.isAvailable ? 'Available' : `Unavailable${availability.suggestion ? ` (try ${availability.suggestion})` : ''}`}</span>
    ) : null;
  return (
    <FieldShell id={id} label={name} required={attribute.required} error={error} hint={hint}>
      <div className="vf-row">
        <input id={id} className="vf-input" type="text" autoComplete="off" {...registration} aria-invalid={error ? true : undefined} aria-describedby={error ? errorIdOf(id) : undefined} />
        {target ? (
          <button type="button" className="vf-button" disabled={disabled} onClick={() => void generate().catch(() => undefined)}>
            Regenerate
          </button>
        ) : null}
      </div>
    </FieldShell>
  );
});

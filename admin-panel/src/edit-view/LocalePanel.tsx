/**
 * The locale panel of a localized type: "Locales" switches the edited version (a locale without
 * a version opens a new one), and on a new version "Fill in from another locale" copies the
 * localized fields of a version that exists.
 */
import { useId } from 'react';

export interface LocaleOption { code: string; name: string; isDefault?: boolean }

export function LocalePanel(props: { locales: LocaleOption[]; current: string | undefined; available: string[]; isNewVersion: boolean; onSwitch(code: string): void; onFill(code: string): void }) {
  const switchId = useId();
  const fillId = useId();
  const sources = props.locales.filter((l) => l.code !== props.current && props.available.includes(l.code));
  return (
    <section className="vf-locales" aria-label="Internationalization">
      <label htmlFor={switchId} className="vf-label">
        Locales
      </label>
      <select id={switchId} className="vf-input" value={props.current ?? ''} onChange={(event) => props.onSwitch(event.target.value)}>
        {props.locales.map((l) => (
          <option key={l.code} value={l.code}>
            {`${l.name} (${l.code})${props.available.includes(l.code) ? '' : ' — not created'}`}
          </option>
        ))}
      </select>
      {props.isNewVersion && sources.length > 0 ? (
        <>
          <label htmlFor={fillId} className="vf-label">
            Fill in from another locale
          </label>
          <select
            id={fillId}
            className="vf-input"
            value=""
            onChange={(event) => {
              if (event.target.value !== '') props.onFill(event.target.value);
            }}
          >
            <option value="">Choose a locale</option>
            {sources.map((l) => (
              <option key={l.code} value={l.code}>
                {`${l.name} (${l.code})`}
              </option>
            ))}
          </select>
        </>
      ) : null}
    </section>
  );
}

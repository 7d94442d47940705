/** The locale of a localized type's list (`locale` query parameter); the default locale when none is chosen. */
import type { Locale } from '../api/types';

export function LocaleSwitcher({ locales, value, onChange }: { locales: readonly Locale[]; value: string; onChange: (code: string) => void }) {
  return (
    <label className="locale">
      Locale
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {locales.map((locale) => (
          <option key={locale.code} value={locale.code}>
            {locale.name || locale.code}
          </option>
        ))}
      </select>
    </label>
  );
}

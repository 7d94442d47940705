/**
 * "Add new locale", as Strapi's: the code chosen in "Locales" (a searchable combobox of the ISO
 * list, less the locales the project has), its "Locale display name" (the ISO name until edited)
 * and "Set as default locale"; Save posts `POST /i18n/locales`.
 */
import { useState } from 'react';
import { Button, Checkbox, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, TextField } from 'react-aria-components';
import { createLocale, useIsoLocales, useLocaleWrite, type AdminLocale } from './locales-api';
import { LocaleDialog } from './LocaleDialog';

export function AddLocaleDialog({ existing, onClose }: { existing: readonly AdminLocale[]; onClose: () => void }) {
  const iso = useIsoLocales(true);
  const [code, setCode] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const create = useLocaleWrite(createLocale);
  const taken = new Set(existing.map((locale) => locale.code));
  const options = (iso.data ?? []).filter((locale) => !taken.has(locale.code));

  return (
    <LocaleDialog
      title="Add new locale"
      submitLabel="Save"
      pending={create.isPending}
      canSubmit={code !== null}
      error={create.error ?? iso.error}
      onClose={onClose}
      onSubmit={() => code !== null && create.mutate({ code, name: name.trim(), isDefault }, { onSuccess: onClose })}
    >
      <ComboBox
        className="field i18n-combobox"
        selectedKey={code}
        onSelectionChange={(key) => {
          const picked = options.find((locale) => locale.code === key);
          setCode(picked?.code ?? null);
          if (picked) setName(picked.name);
        }}
        menuTrigger="focus"
        // typed before the list arrives, a search would open on nothing
        isDisabled={!iso.data}
        isRequired
      >
        <Label>Locales</Label>
        <div className="i18n-combobox-row">
          <Input placeholder={iso.isPending ? 'Loading the ISO list…' : 'Search a locale (name or code)'} />
          <Button aria-label="Show the locales">▾</Button>
        </div>
        <Popover className="popover i18n-popover" placement="bottom start">
          <ListBox className="i18n-listbox" renderEmptyState={() => <div className="empty">No locale matches</div>}>
            {options.map((locale) => (
              <ListBoxItem key={locale.code} id={locale.code} textValue={locale.name} className="i18n-option">
                {locale.name}
              </ListBoxItem>
            ))}
          </ListBox>
        </Popover>
      </ComboBox>
      <TextField className="field" value={name} onChange={setName}>
        <Label>Locale display name</Label>
        <Input />
      </TextField>
      <Checkbox className="checkbox" isSelected={isDefault} onChange={setIsDefault}>
        <span className="box" aria-hidden="true" />
        Set as default locale
      </Checkbox>
    </LocaleDialog>
  );
}

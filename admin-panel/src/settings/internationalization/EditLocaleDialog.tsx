/**
 * "Edit a locale": its display name, and "Set as default locale" (`PUT /i18n/locales/:id`). The
 * default locale's box stays checked: another locale becomes the default by being made one.
 */
import { useState } from 'react';
import { Checkbox, Input, Label, TextField } from 'react-aria-components';
import { updateLocale, useLocaleWrite, type AdminLocale } from './locales-api';
import { LocaleDialog } from './LocaleDialog';

export function EditLocaleDialog({ locale, onClose }: { locale: AdminLocale; onClose: () => void }) {
  const [name, setName] = useState(locale.name);
  const [isDefault, setIsDefault] = useState(locale.isDefault);
  const update = useLocaleWrite(updateLocale);
  return (
    <LocaleDialog
      title={`Edit a locale: ${locale.code}`}
      submitLabel="Save"
      pending={update.isPending}
      canSubmit={name.trim() !== ''}
      error={update.error}
      onClose={onClose}
      onSubmit={() => update.mutate({ id: locale.id, name: name.trim(), ...(isDefault && !locale.isDefault ? { isDefault: true } : {}) }, { onSuccess: onClose })}
    >
      <TextField className="field" value={name} onChange={setName} isRequired>
        <Label>Locale display name</Label>
        <Input />
      </TextField>
      <Checkbox className="checkbox" isSelected={isDefault} onChange={setIsDefault} isDisabled={locale.isDefault}>
        <span className="box" aria-hidden="true" />
        Set as default locale
      </Checkbox>
    </LocaleDialog>
  );
}

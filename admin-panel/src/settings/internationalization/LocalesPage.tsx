/**
 * Settings → Internationalization (`/admin/settings/internationalization`), as Strapi's: the
 * project's locales (display name, code, which is the default), "Add new locale", and per locale
 * Edit and Delete (the default locale cannot be deleted: make another the default first).
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { ColumnHeads, PageHeader } from '../../ui/PageHeader';
import { AddLocaleDialog } from './AddLocaleDialog';
import { DeleteLocaleDialog } from './DeleteLocaleDialog';
import { EditLocaleDialog } from './EditLocaleDialog';
import { useAdminLocales, type AdminLocale } from './locales-api';
import './internationalization.css';

type Open = { kind: 'add' } | { kind: 'edit' | 'delete'; locale: AdminLocale } | null;

export function LocalesPage() {
  const locales = useAdminLocales();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <main className="i18n-settings">
      <PageHeader
        title="Internationalization"
        description="The locales entries of localized content types are written in."
        action={<Button className="primary" onPress={() => setOpen({ kind: 'add' })} isDisabled={!locales.data}>Add new locale</Button>}
      />
      <ErrorMessage error={locales.error} />
      {locales.data ? (
        <table className="list" aria-label="Locales">
          <ColumnHeads labels={['Display name', 'Code', 'Default locale', 'Actions']} />
          <tbody>
            {locales.data.map((locale) => (
              <tr key={locale.id}>
                <td>{locale.name}</td>
                <td><code>{locale.code}</code></td>
                <td>{locale.isDefault ? <span className="status status-published">Default</span> : null}</td>
                <td>
                  <div className="i18n-actions">
                    <Button aria-label={`Edit ${locale.name}`} onPress={() => setOpen({ kind: 'edit', locale })}>Edit</Button>
                    {locale.isDefault ? null : (
                      <Button className="danger" aria-label={`Delete ${locale.name}`} onPress={() => setOpen({ kind: 'delete', locale })}>Delete</Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : locales.isPending ? <p className="loading">Loading…</p> : null}
      {open?.kind === 'add' ? <AddLocaleDialog existing={locales.data ?? []} onClose={close} /> : null}
      {open?.kind === 'edit' ? <EditLocaleDialog locale={open.locale} onClose={close} /> : null}
      {open?.kind === 'delete' ? <DeleteLocaleDialog locale={open.locale} onClose={close} /> : null}
    </main>
  );
}

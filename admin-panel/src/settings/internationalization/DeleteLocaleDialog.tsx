/**
 * Deleting a locale says first what happens to the content written in it
 * (`GET /i18n/locales/:id/deletion-preview`): per content type, how many entries lose their
 * version in that locale, and how many have no other locale and go entirely. With content, the
 * button says so and deletes with `?force=true` (the server refuses otherwise).
 */
import { useContentManagerInit } from '../../content-manager/queries';
import { deleteLocale, useDeletionPreview, useLocaleWrite, type AdminLocale, type LocaleContent } from './locales-api';
import { LocaleDialog } from './LocaleDialog';

const entries = (count: number): string => `${count} ${count === 1 ? 'entry' : 'entries'}`;

/** "3 entries of Article in this locale will be deleted; 1 of them has no other locale and will be gone entirely." */
export function contentSentence(content: LocaleContent, displayName: string): string {
  const gone = content.deletedDocuments;
  const rest = gone === 0 ? 'their other locales stay.'
    : gone === content.documents ? `${content.documents === 1 ? 'it has' : 'they have'} no other locale and will be gone entirely.`
      : `${gone} of them ${gone === 1 ? 'has' : 'have'} no other locale and will be gone entirely.`;
  return `${entries(content.documents)} of ${displayName} in this locale will be deleted; ${rest}`;
}

export function DeleteLocaleDialog({ locale, onClose }: { locale: AdminLocale; onClose: () => void }) {
  const preview = useDeletionPreview(locale.id);
  const init = useContentManagerInit();
  const remove = useLocaleWrite(deleteLocale);
  const content = preview.data ?? [];
  const displayName = (uid: string): string => init.data?.contentTypes.find((type) => type.uid === uid)?.info.displayName ?? uid;

  return (
    <LocaleDialog
      role="alertdialog"
      title={`Delete the locale ${locale.name}`}
      submitLabel={content.length > 0 ? 'Delete the locale and its content' : 'Delete'}
      danger
      pending={remove.isPending}
      canSubmit={preview.isSuccess}
      error={remove.error ?? preview.error}
      onClose={onClose}
      onSubmit={() => remove.mutate({ id: locale.id, force: content.length > 0 }, { onSuccess: onClose })}
    >
      {preview.isPending ? <p>Looking for content in {locale.code}…</p>
        : content.length === 0 ? <p>No content is written in {locale.code}: deleting the locale deletes nothing else.</p>
          : (
            <div className="i18n-warning">
              <p>Content is written in {locale.code}. Deleting the locale deletes it too:</p>
              <ul>
                {content.map((type) => <li key={type.uid}>{contentSentence(type, displayName(type.uid))}</li>)}
              </ul>
            </div>
          )}
    </LocaleDialog>
  );
}

/**
 * The edit form of one document (or a new one) in one locale: the generated fields, the
 * actions Save, Publish, Unpublish and Discard changes (those the admin may use), server errors
 * put on their fields, and the unsaved-changes guard. A draft is saved without its required
 * fields; Publish checks them first, as Strapi 5 does. The page remounts this component with new
 * values after every write, so the editors start from what the server answered.
 */
import { useMemo, useState } from 'react';
import { useForm, type FieldErrors, type FieldValues } from 'react-hook-form';
import { AttributeFields } from '../fields/AttributeFields.js';
import { FieldsContext, type FieldsContextValue } from '../fields/fields-context.js';
import { AdminApiError, useAdminApi } from '../fields/admin-api.js';
import { isOnlyRequired } from '../fields/rules.js';
import { toWriteValues, type FormValues } from '../fields/form-values.js';
import type { ContentTypeModel, ModelIndex } from '../fields/model.js';
import type { DocumentAnswer, DocumentRoutes } from './document-api.js';
import type { TypeAbilities } from './permissions.js';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.js';

export type EditAction = 'save' | 'publish' | 'unpublish' | 'discard';

export interface EditFormProps {
  contentType: ContentTypeModel;
  model: ModelIndex;
  defaultValues: FormValues;
  /** no saved version in this locale yet: Save creates it */
  isNew: boolean;
  status: string | undefined;
  locale: string | undefined;
  routes: DocumentRoutes;
  abilities: TypeAbilities;
  /** the server's answer after a write; the page reloads the form from it */
  onWritten(answer: DocumentAnswer, action: EditAction): Promise<void>;
  onReload(): void;
  /** the last action's outcome: kept by the page, so it outlives the form's remount after a write */
  notice: Notice | null;
  setNotice(notice: Notice | null): void;
}

export interface Notice { kind: 'error' | 'success'; text: string }

const STATUS_LABELS: Record<string, string> = { draft: 'Draft', published: 'Published', modified: 'Modified' };

function firstErrorPath(errors: FieldErrors, prefix = ''): string | undefined {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || key === 'ref' || key === 'root') continue;
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof (value as { type?: unknown }).type === 'string' && typeof (value as { message?: unknown }).message !== 'object') return path;
    const nested = firstErrorPath(value as FieldErrors, path);
    if (nested) return nested;
  }
  return undefined;
}

export function EditForm(props: EditFormProps) {
  const { contentType, model, routes, abilities, isNew, status, locale } = props;
  const api = useAdminApi();
  const form = useForm<FieldValues>({ mode: 'onChange', defaultValues: props.defaultValues });
  const { control, setValue, getValues, setError, handleSubmit, trigger, setFocus, reset } = form;
  // subscribed here: only its flips re-render the page, not each keystroke
  const { isDirty } = form.formState;
  const [busy, setBusy] = useState<EditAction | null>(null);
  const { notice, setNotice } = props;
  const draftAndPublish = contentType.options?.draftAndPublish === true;

  // the attributes this admin may see: a role limited to some fields does not show the others
  // (keyed by their names: the same object across renders while they do not change)
  const shownNames = Object.keys(contentType.attributes).filter((name) => abilities.canShow(name, isNew)).join('\n');
  const shown = useMemo(() => {
    const names = new Set(shownNames.split('\n'));
    return Object.fromEntries(Object.entries(contentType.attributes).filter(([name]) => names.has(name)));
  }, [contentType.attributes, shownNames]);

  const fields = useMemo<FieldsContextValue>(
    () => ({ control, setValue, getValues, model, locale, contentTypeUid: contentType.uid, canEdit: (name) => abilities.canWrite(name, isNew) }),
    [control, setValue, getValues, model, locale, contentType.uid, abilities, isNew],
  );

  const showServerError = (error: unknown) => {
    if (error instanceof AdminApiError) {
      for (const issue of error.issues) setError(issue.path.map(String).join('.'), { type: 'server', message: issue.message });
      const first = error.issues[0];
      if (first) setFocus(first.path.map(String).join('.'));
      setNotice({ kind: 'error', text: error.message });
    } else {
      setNotice({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  };

  // A write carries the attributes the editor changed (an untouched empty media or relation field
  // is no request to write it, and an admin may lack the permission to); a new locale version
  // carries them all, its shared fields included.
  const newVersion = isNew && routes.document !== null;
  const body = () => {
    const values = getValues();
    const changed = (name: string) => newVersion || JSON.stringify(values[name]) !== JSON.stringify(props.defaultValues[name]);
    return toWriteValues(contentType.attributes, values, model, (name) => abilities.canWrite(name, isNew) && changed(name));
  };

  const write = async (): Promise<DocumentAnswer> => {
    if (routes.document === null) return api.send<DocumentAnswer>('POST', routes.create, body());
    return api.send<DocumentAnswer>('PUT', routes.document, body());
  };

  const run = async (action: EditAction, task: () => Promise<DocumentAnswer | null>, done: string) => {
    setBusy(action);
    setNotice(null);
    try {
      const answer = await task();
      if (answer) {
        // the form now equals what was saved: the guard lets the page reload it
        reset(getValues());
        await props.onWritten(answer, action);
      }
      setNotice({ kind: 'success', text: done });
    } catch (error) {
      showServerError(error);
    } finally {
      setBusy(null);
    }
  };

  const onSave = () =>
    handleSubmit(
      () => run('save', write, 'Saved document'),
      // a draft may lack required fields; any other error stops the save
      (errors) => {
        if (isOnlyRequired(errors)) return run('save', write, 'Saved document');
        const path = firstErrorPath(errors);
        if (path) setFocus(path);
        setNotice({ kind: 'error', text: 'The form has errors: fix them before saving.' });
      },
    )();

  const onPublish = async () => {
    if (!(await trigger())) {
      const path = firstErrorPath(form.formState.errors);
      if (path) setFocus(path);
      setNotice({ kind: 'error', text: 'Fill in the required fields before publishing.' });
      return;
    }
    // the form is sent with Publish: the server saves it, then publishes (a new entry is created and published)
    await run('publish', () => api.send<DocumentAnswer>('POST', routes.action('publish'), body()), 'Published document');
  };

  const onUnpublish = () => run('unpublish', () => api.send<DocumentAnswer>('POST', routes.action('unpublish'), {}), 'Unpublished document');

  const onDiscard = async () => {
    if (status === 'modified') {
      await run('discard', () => api.send<DocumentAnswer>('POST', routes.action('discard'), {}), 'Changes discarded');
    } else {
      reset();
      props.onReload();
      setNotice({ kind: 'success', text: 'Changes discarded' });
    }
  };

  const canSave = isNew ? abilities.create : abilities.update;
  return (
    <FieldsContext.Provider value={fields}>
      <form
        className="vf-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSave();
        }}
      >
        <div className="vf-actions" role="group" aria-label="Document actions">
          {draftAndPublish && status ? <span className={`vf-status vf-status-${status}`}>{STATUS_LABELS[status] ?? status}</span> : null}
          {canSave ? (
            <button type="submit" className="vf-button" disabled={busy !== null || (!isDirty && !isNew)}>
              Save
            </button>
          ) : null}
          {draftAndPublish && abilities.publish && (isNew ? abilities.create : abilities.update) ? (
            <button type="button" className="vf-button vf-primary" disabled={busy !== null || (status === 'published' && !isDirty)} onClick={() => void onPublish()}>
              Publish
            </button>
          ) : null}
          {draftAndPublish && abilities.publish && !isNew && (status === 'published' || status === 'modified') ? (
            <button type="button" className="vf-button" disabled={busy !== null} onClick={() => void onUnpublish()}>
              Unpublish
            </button>
          ) : null}
          {canSave && (isDirty || (status === 'modified' && abilities.publish)) ? (
            <button type="button" className="vf-button" disabled={busy !== null} onClick={() => void onDiscard()}>
              Discard changes
            </button>
          ) : null}
        </div>
        {notice ? (
          <div className={`vf-notice vf-notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </div>
        ) : null}
        <AttributeFields attributes={shown} schemaUid={contentType.uid} prefix="" disabled={!canSave} />
      </form>
      <UnsavedChangesGuard when={isDirty && busy === null} />
    </FieldsContext.Provider>
  );
}

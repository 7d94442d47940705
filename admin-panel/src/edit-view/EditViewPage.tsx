/**
 * The edit view (route `content-manager/:kind/:uid[/:documentId]`, `kind` 'collection-types' or
 * 'single-types'): loads the model (`GET /content-manager/init`), the admin's permissions, the
 * document in the chosen locale (`?locale=`), and renders the generated form. A localized
 * document without a version in the chosen locale opens as a new locale version: its
 * non-localized fields keep the document's values (Strapi #22080 wiped them) and "Fill in from
 * another locale" copies the localized ones from a version that exists.
 */
import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminPath } from '../api/client.js';
import { AdminApiContext, AdminApiError, type AdminApi } from '../fields/admin-api.js';
import { ModelIndex, editableAttributes, isLocalized, type ContentModel, type ContentTypeModel } from '../fields/model.js';
import { emptyFormValues, toFormValues, type FormValues } from '../fields/form-values.js';
import { documentRoutes, type DocumentAnswer, type EditKind } from './document-api.js';
import { abilitiesOf, type AdminPermission } from './permissions.js';
import { EditForm, type Notice } from './EditForm.js';
import { LocalePanel, type LocaleOption } from './LocalePanel.js';
import { usePanelAdminApi } from './panel-admin-api.js';
import './edit-view.css';

export const INIT_QUERY_KEY = ['content-manager', 'init'] as const;

function notFoundAsNull<T>(promise: Promise<T>): Promise<T | null> {
  return promise.catch((error: unknown) => {
    if (error instanceof AdminApiError && error.status === 404) return null;
    throw error;
  });
}

function localeParam(search: URLSearchParams): string | undefined {
  return search.get('locale') ?? search.get('plugins[i18n][locale]') ?? undefined;
}

export default function EditViewPage() {
  const api = usePanelAdminApi();
  return (
    <AdminApiContext.Provider value={api}>
      <EditView api={api} />
    </AdminApiContext.Provider>
  );
}

function EditView({ api }: { api: AdminApi }) {
  const params = useParams();
  const kind: EditKind = params.kind === 'single-types' ? 'single-types' : 'collection-types';
  const uid = params.uid ?? '';
  const documentId = params.documentId && params.documentId !== 'create' ? params.documentId : undefined;
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const init = useQuery({ queryKey: INIT_QUERY_KEY, queryFn: () => api.get<{ data: ContentModel }>('/content-manager/init').then((r) => r.data), staleTime: 60_000 });
  const permissions = useQuery({ queryKey: ['admin', 'users', 'me', 'permissions'], queryFn: () => api.get<{ data: AdminPermission[] }>(adminPath('/users/me/permissions')).then((r) => r.data), staleTime: 30_000 });
  const model = useMemo(() => (init.data ? new ModelIndex(init.data) : null), [init.data]);
  const contentType: ContentTypeModel | undefined = model?.contentType(uid);
  const localized = contentType?.pluginOptions?.i18n?.localized === true;

  const locales = useQuery({
    queryKey: ['i18n', 'locales'],
    enabled: localized,
    staleTime: 60_000,
    queryFn: () => api.get<LocaleOption[] | { data: LocaleOption[] }>('/i18n/locales').then((r) => (Array.isArray(r) ? r : r.data)),
  });
  const locale = localized ? (localeParam(search) ?? locales.data?.find((l) => l.isDefault)?.code) : undefined;
  const routes = documentRoutes(kind, uid, documentId, locale);
  const documentKey = ['content-manager', kind, uid, documentId ?? '', locale ?? ''];
  const document = useQuery({
    queryKey: documentKey,
    enabled: contentType !== undefined && routes.document !== null && (!localized || locale !== undefined),
    queryFn: () => notFoundAsNull(api.get<DocumentAnswer>(routes.document ?? '')),
  });
  // no version in this locale (a 404, or Strapi's `{ data: {}, meta }`): the document's default
  // version gives the shared (non-localized) values
  const answer = document.data && typeof document.data.data?.documentId === 'string' ? document.data : null;
  const needsBase = localized && document.isSuccess && answer === null && (documentId !== undefined || kind === 'single-types');
  const base = useQuery({
    queryKey: [...documentKey, 'base'],
    enabled: needsBase,
    queryFn: () => notFoundAsNull(api.get<DocumentAnswer>(documentRoutes(kind, uid, documentId, undefined).document ?? '')),
  });
  const [generation, setGeneration] = useState(0);
  const [filled, setFilled] = useState<{ key: string; values: FormValues } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  if (init.isError || permissions.isError || document.isError) {
    const error = init.error ?? permissions.error ?? document.error;
    return <div role="alert" className="vf-notice vf-notice-error">{error instanceof Error ? error.message : 'The entry could not be loaded.'}</div>;
  }
  if (!model || !permissions.data || (routes.document !== null && document.isPending && document.fetchStatus !== 'idle') || (needsBase && base.isPending)) {
    return <div className="vf-loading" role="status">Loading…</div>;
  }
  if (!contentType) return <div role="alert" className="vf-notice vf-notice-error">{`Unknown content type ${uid}`}</div>;

  const abilities = abilitiesOf(permissions.data, uid, locale);
  const isNew = answer === null;
  const formKey = `${documentKey.join('|')}|${generation}`;
  let defaultValues: FormValues;
  if (filled && filled.key === formKey) defaultValues = filled.values;
  else if (answer) defaultValues = toFormValues(contentType.attributes, answer.data, model);
  else if (base.data) {
    // a new locale version: shared fields keep the document's values, localized ones start empty
    const shared = toFormValues(contentType.attributes, base.data.data, model);
    const empty = emptyFormValues(contentType.attributes, model);
    defaultValues = Object.fromEntries(editableAttributes(contentType.attributes).map(([name, attribute]) => [name, isLocalized(attribute) ? empty[name] : shared[name]]));
  } else defaultValues = emptyFormValues(contentType.attributes, model);

  const onWritten = async (written: DocumentAnswer) => {
    const createdId = written.data.documentId;
    // lists and relation searches may show this entry: they reload when next shown
    void queryClient.invalidateQueries({
      predicate: ({ queryKey: [scope, what, ofUid, ofDocument] }) =>
        scope !== 'admin' && scope !== 'i18n' && what !== 'init' && !(scope === 'content-manager' && ofUid === uid && ofDocument === (documentId ?? '')),
    });
    if (kind === 'collection-types' && !documentId && typeof createdId === 'string') {
      navigate({ pathname: `../${createdId}`, search: search.toString() }, { relative: 'path', replace: true });
      return;
    }
    // the form restarts from the document as the server now has it
    await queryClient.refetchQueries({ queryKey: documentKey, exact: true });
    if (needsBase) await queryClient.refetchQueries({ queryKey: [...documentKey, 'base'], exact: true });
    setFilled(null);
    setGeneration((g) => g + 1);
  };

  const fillFrom = async (source: string) => {
    const other = await api.get<DocumentAnswer>(documentRoutes(kind, uid, documentId, source).document ?? '');
    const values = toFormValues(contentType.attributes, other.data, model);
    const nextKey = `${documentKey.join('|')}|${generation + 1}`;
    // localized fields from the other locale; shared ones as they are
    setFilled({ key: nextKey, values: Object.fromEntries(Object.entries(defaultValues).map(([name, value]) => [name, isLocalized(contentType.attributes[name]) ? values[name] : value])) });
    setGeneration((g) => g + 1);
  };

  const mainField = model.mainField(uid);
  const title = answer && typeof answer.data[mainField] === 'string' && answer.data[mainField] !== '' ? String(answer.data[mainField]) : isNew && !documentId ? 'Create an entry' : contentType.info.displayName;
  return (
    <div className="vf-edit-view">
      <header className="vf-edit-header">
        <p className="vf-type-name">{contentType.info.displayName}</p>
        <h1>{title}</h1>
      </header>
      <div className="vf-edit-body">
        <main className="vf-edit-main">
          <EditForm
            key={formKey}
            contentType={contentType}
            model={model}
            defaultValues={defaultValues}
            isNew={isNew}
            status={answer?.data.status}
            locale={locale}
            routes={routes}
            abilities={abilities}
            onWritten={onWritten}
            onReload={() => setGeneration((g) => g + 1)}
            notice={notice}
            setNotice={setNotice}
          />
        </main>
        {localized && locales.data ? (
          <aside className="vf-edit-side">
            <LocalePanel
              locales={locales.data}
              current={locale}
              available={(answer?.meta?.availableLocales ?? document.data?.meta?.availableLocales ?? []).map((l) => l.locale).concat(answer && locale ? [locale] : [])}
              isNewVersion={isNew && (documentId !== undefined || kind === 'single-types') && base.data !== null && base.data !== undefined}
              onSwitch={(code) => {
                const next = new URLSearchParams(search);
                next.set('locale', code);
                setSearch(next);
              }}
              onFill={(code) => void fillFrom(code)}
            />
          </aside>
        ) : null}
      </div>
    </div>
  );
}

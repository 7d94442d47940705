/**
 * The list view of a collection type: one `GET /content-manager/collection-types/:uid` per page
 * shown (its query string is the page's), started at once, not after the other reads. Columns,
 * sort, search, filters, page and locale are query-string state; the actions shown follow the
 * user's permissions.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { apiRequest } from '../api/client';
import type { ContentTypeInfo, ListResponse } from '../api/types';
import { CM_ACTIONS, usePermissions } from '../auth/queries';
import { ErrorMessage } from '../ui/ErrorMessage';
import { BulkActions, type BulkAction } from './BulkActions';
import { ColumnChooser } from './ColumnChooser';
import { availableColumns, hasDraftAndPublish, isLocalized, storeColumnKeys, storedColumnKeys } from './columns';
import { FiltersPopover } from './FiltersPopover';
import { readListParams, writeListParams, type ListParams } from './list-params';
import { ListTable } from './ListTable';
import { LocaleSwitcher } from './LocaleSwitcher';
import { Pagination } from './Pagination';
import { useContentType, useLocales } from './queries';
import { SearchBox } from './SearchBox';

export function ListViewPage() {
  const uid = useParams().uid ?? '';
  const [search, setSearch] = useSearchParams();
  const params = readListParams(search);
  const list = useQuery({
    queryKey: ['content-manager', 'list', uid, writeListParams(params).toString()],
    queryFn: ({ signal }) => apiRequest<ListResponse>(`/content-manager/collection-types/${uid}`, { query: writeListParams(params), signal }),
    placeholderData: keepPreviousData,
  });
  const { contentType, error } = useContentType(uid);
  if (error) return <ErrorMessage error={error} />;
  if (!contentType) return <p role="status">Loading…</p>;
  return <ListView key={uid} type={contentType} params={params} setSearch={setSearch} list={list} />;
}

interface ListViewProps {
  readonly type: ContentTypeInfo;
  readonly params: ListParams;
  readonly setSearch: ReturnType<typeof useSearchParams>[1];
  readonly list: ReturnType<typeof useQuery<ListResponse>>;
}

function ListView({ type, params, setSearch, list }: ListViewProps) {
  const { can } = usePermissions();
  const localized = isLocalized(type);
  const locales = useLocales(localized);
  const [columnKeys, setColumnKeys] = useState(() => storedColumnKeys(type));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState('');
  const columns = useMemo(() => availableColumns(type), [type]);
  const shown = columns.filter((column) => columnKeys.includes(column.key));

  const update = useCallback(
    (change: Partial<ListParams>) => {
      setSearch(writeListParams({ ...params, page: 1, ...change }));
    },
    // params is a fresh object per render; its query string says whether it changed
    [setSearch, writeListParams(params).toString()],
  );
  // a new page of entries: the selection was for the old one
  useEffect(() => setSelected(new Set()), [list.data]);

  const defaultLocale = locales.data?.find((locale) => locale.isDefault)?.code ?? locales.data?.[0]?.code ?? '';
  const allowed: BulkAction[] = [];
  if (hasDraftAndPublish(type) && can(CM_ACTIONS.publish, type.uid)) allowed.push('bulkPublish', 'bulkUnpublish');
  if (can(CM_ACTIONS.delete, type.uid)) allowed.push('bulkDelete');
  const hrefFor = (page: number) => `?${writeListParams({ ...params, page }).toString()}`;

  return (
    <main>
      <div className="list-header">
        <div>
          <h1>{type.info.displayName}</h1>
          {list.data ? <p>{list.data.pagination.total} entries found</p> : null}
        </div>
        {can(CM_ACTIONS.create, type.uid) ? (
          <Link className="button primary" to={`/content-manager/collection-types/${type.uid}/create${params.locale ? `?locale=${params.locale}` : ''}`}>
            Create new entry
          </Link>
        ) : null}
      </div>
      <div className="toolbar">
        <SearchBox value={params.search} onSearch={(text) => update({ search: text })} />
        <FiltersPopover columns={columns} filters={params.filters} onChange={(filters) => update({ filters })} />
        {localized && locales.data ? <LocaleSwitcher locales={locales.data} value={params.locale ?? defaultLocale} onChange={(locale) => update({ locale })} /> : null}
        <ColumnChooser
          columns={columns}
          selected={columnKeys}
          onChange={(keys) => {
            setColumnKeys(keys);
            storeColumnKeys(type.uid, keys);
          }}
        />
      </div>
      <p role="status" className="notice">
        {notice}
      </p>
      <BulkActions
        uid={type.uid}
        locale={params.locale}
        documentIds={[...selected]}
        allowed={allowed}
        onDone={(message) => {
          setSelected(new Set());
          setNotice(message);
        }}
      />
      <ErrorMessage error={list.error} />
      <ListTable
        type={type}
        columns={shown}
        entries={list.data?.results ?? []}
        sort={params.sort}
        onSort={(field) => update({ sort: { field, order: params.sort?.field === field && params.sort.order === 'ASC' ? 'DESC' : 'ASC' } })}
        selected={selected}
        onSelect={(ids, on) =>
          setSelected((current) => {
            const next = new Set(current);
            for (const id of ids) {
              if (on) next.add(id);
              else next.delete(id);
            }
            return next;
          })
        }
      />
      {list.data && list.data.results.length === 0 ? <p className="empty">No entries match.</p> : null}
      {list.data ? <Pagination pagination={list.data.pagination} hrefFor={hrefFor} onPageSize={(pageSize) => update({ pageSize })} /> : null}
    </main>
  );
}

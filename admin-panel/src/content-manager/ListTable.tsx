/**
 * The entries as rows of a table: a checkbox per row (and one for the page), a header button per
 * sortable column (`aria-sort` says the order), the status as Draft / Published / Modified.
 */
import type { ReactNode } from 'react';
import type { ContentTypeInfo, ListEntry } from '../api/types';
import { cellText, STATUS_COLUMN, STATUS_LABELS, type Column } from './columns';
import type { ListParams } from './list-params';

interface Props {
  readonly type: ContentTypeInfo;
  readonly columns: readonly Column[];
  readonly entries: readonly ListEntry[];
  readonly sort: ListParams['sort'];
  readonly onSort: (field: string) => void;
  readonly selected: ReadonlySet<string>;
  readonly onSelect: (documentIds: readonly string[], selected: boolean) => void;
  /** the main field's cell, e.g. a link to the edit page */
  readonly renderMain?: (entry: ListEntry, text: string) => ReactNode;
}

const ARIA_SORT = { ASC: 'ascending', DESC: 'descending' } as const;

export function ListTable({ type, columns, entries, sort, onSort, selected, onSelect, renderMain }: Props) {
  const ids = entries.map((entry) => entry.documentId);
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const mainText = (entry: ListEntry) => cellText(entry, type.mainField, type) || entry.documentId;
  return (
    <table className="list">
      <thead>
        <tr>
          <th scope="col" className="select">
            <input type="checkbox" aria-label="Select all entries" checked={allSelected} disabled={ids.length === 0} onChange={(event) => onSelect(ids, event.target.checked)} />
          </th>
          {columns.map((column) => (
            <th key={column.key} scope="col" aria-sort={sort?.field === column.key ? ARIA_SORT[sort.order] : undefined}>
              {column.sortable ? (
                <button type="button" className="sort" onClick={() => onSort(column.key)}>
                  {column.label}
                  <span aria-hidden="true">{sort?.field === column.key ? (sort.order === 'ASC' ? ' ▲' : ' ▼') : ''}</span>
                </button>
              ) : (
                column.label
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={`${entry.documentId}:${entry.locale ?? ''}`} aria-selected={selected.has(entry.documentId)}>
            <td className="select">
              <input type="checkbox" aria-label={`Select ${mainText(entry)}`} checked={selected.has(entry.documentId)} onChange={(event) => onSelect([entry.documentId], event.target.checked)} />
            </td>
            {columns.map((column) => (
              <td key={column.key}>
                {column.key === STATUS_COLUMN ? (
                  entry.status ? <span className={`status status-${entry.status}`}>{STATUS_LABELS[entry.status]}</span> : null
                ) : column.key === type.mainField && renderMain ? (
                  renderMain(entry, cellText(entry, column.key, type))
                ) : (
                  cellText(entry, column.key, type)
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

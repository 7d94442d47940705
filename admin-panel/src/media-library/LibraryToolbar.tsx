/**
 * The library's view controls: search, the type and date filters, the sort (Strapi's five
 * orders), grid or list. Native labelled selects: keyboard and screen readers as the browser
 * gives them.
 */
import { useId, type ReactNode } from 'react';
import { allowedTypesFilter } from '../fields/allowed-types';
import { SORTS, type SortKey } from './media-api';
import type { LibraryView } from './AssetGrid';

export type TypeFilter = '' | 'images' | 'videos' | 'audios' | 'files';
export type DateFilter = '' | '1' | '7' | '30';

export interface ViewState {
  readonly search: string;
  readonly sort: SortKey;
  readonly type: TypeFilter;
  readonly date: DateFilter;
  /** the date filter's bound, fixed when it was chosen (a stable query key) */
  readonly since: string | null;
  readonly view: LibraryView;
}

export const INITIAL_VIEW: ViewState = { search: '', sort: 'createdAt:DESC', type: '', date: '', since: null, view: 'grid' };

/** the type and date filters as filters of `GET /upload/files` */
export function viewFilters(state: ViewState): Record<string, unknown>[] {
  const type = state.type === '' ? null : allowedTypesFilter([state.type]);
  return [...(type ? [type] : []), ...(state.since ? [{ createdAt: { $gte: state.since } }] : [])];
}

const TYPES: ReadonlyArray<[TypeFilter, string]> = [['', 'All types'], ['images', 'Images'], ['videos', 'Videos'], ['audios', 'Audio'], ['files', 'Files']];
const DATES: ReadonlyArray<[DateFilter, string]> = [['', 'Any date'], ['1', 'Last 24 hours'], ['7', 'Last 7 days'], ['30', 'Last 30 days']];

/** a control with its label beside it, not around it (a wrapped select's name would include its options) */
export function Labelled({ label, className, children }: { label: string; className?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={`ml-labelled ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

export function LibraryToolbar({ state, onChange }: { state: ViewState; onChange(state: ViewState): void }) {
  const set = (change: Partial<ViewState>) => onChange({ ...state, ...change });
  return (
    <div className="ml-toolbar">
      <Labelled label="Search assets" className="ml-search">
        {(id) => <input id={id} type="search" value={state.search} onChange={(event) => set({ search: event.target.value })} />}
      </Labelled>
      <Labelled label="Type">
        {(id) => <select id={id} value={state.type} onChange={(event) => set({ type: event.target.value as TypeFilter })}>
          {TYPES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>}
      </Labelled>
      <Labelled label="Date">
        {(id) => <select
          id={id}
          value={state.date}
          onChange={(event) => {
            const date = event.target.value as DateFilter;
            set({ date, since: date === '' ? null : new Date(Date.now() - Number(date) * 86_400_000).toISOString() });
          }}
        >
          {DATES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>}
      </Labelled>
      <Labelled label="Sort by">
        {(id) => <select id={id} value={state.sort} onChange={(event) => set({ sort: event.target.value as SortKey })}>
          {SORTS.map((sort) => <option key={sort.key} value={sort.key}>{sort.label}</option>)}
        </select>}
      </Labelled>
      <div role="group" aria-label="View" className="ml-view-toggle">
        <button type="button" aria-pressed={state.view === 'grid'} onClick={() => set({ view: 'grid' })}>Grid view</button>
        <button type="button" aria-pressed={state.view === 'list'} onClick={() => set({ view: 'list' })}>List view</button>
      </div>
    </div>
  );
}

/**
 * A relation: a combobox labelled by the attribute's name that searches the target on the
 * server (`GET /content-manager/relations/:uid/:field?_q=&page=`, one request per settled
 * keystroke) and pages on as the list scrolls past the first page; options are named by the
 * target's main field. The chosen entries are listed below it; a to-many list is ordered by drag
 * and keyboard. The form holds `{ key, documentId, label, status }` items in order.
 */
import { useDebounced } from '../ui/use-debounced';
import { memo, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, ComboBox, ComboBoxStateContext, Input, Label, ListBox, ListBoxItem, ListBoxLoadMoreItem, Popover, type Key } from 'react-aria-components';
import { isToMany, type RelationAttribute } from './model.js';
import { FieldShell } from './FieldShell.js';
import { useFields, type FieldProps } from './fields-context.js';
import { useAdminApi } from './admin-api.js';
import { validationOf } from './rules.js';
import { SortableList } from './SortableList.js';
import { relationLabel, type RelationItem } from './relation-item.js';

interface RelationsPage {
  results: ({ documentId: string; status?: string } & Record<string, unknown>)[];
  pagination: { page: number; pageCount: number; total: number };
}

// a page fills the list past its height, so a search's first answer does not itself ask for the next page
const PAGE_SIZE = 20;
const DEBOUNCE_MS = 150;

/**
 * Closes the list after each pick: the combobox's selection stays empty (the picks are listed
 * below it), so React Aria's own close-on-selection never fires.
 */
function CloseAfterPick({ picks }: { picks: number }) {
  const state = useContext(ComboBoxStateContext);
  const handled = useRef(0);
  useEffect(() => {
    // once per pick: the state object is new on every render
    if (picks === handled.current) return;
    handled.current = picks;
    state?.close();
  }, [picks, state]);
  return null;
}

export const RelationField = memo(function RelationField({ path, name, attribute, schemaUid, disabled }: FieldProps<RelationAttribute>) {
  const id = useId();
  const api = useAdminApi();
  const { control, model, locale } = useFields();
  const { field, fieldState } = useController({ control, name: path, rules: { validate: validationOf(attribute) }, disabled });
  const chosen: RelationItem[] = Array.isArray(field.value) ? (field.value as RelationItem[]) : [];
  const many = isToMany(attribute);
  const mainField = model.mainField(attribute.target);
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const [picks, setPicks] = useState(0);
  const query = useDebounced(input, DEBOUNCE_MS);

  const search = useInfiniteQuery({
    queryKey: ['relations', schemaUid, name, locale ?? '', query],
    enabled: open && !disabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ page: String(pageParam), pageSize: String(PAGE_SIZE) });
      if (query !== '') params.set('_q', query);
      if (locale) params.set('locale', locale);
      return api.get<RelationsPage>(`/content-manager/relations/${schemaUid}/${name}?${params.toString()}`, { signal });
    },
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pageCount ? last.pagination.page + 1 : undefined),
    staleTime: 10_000,
  });
  const options = useMemo(
    () => (search.data?.pages ?? []).flatMap((page) => page.results).map((entry) => ({ id: entry.documentId, label: relationLabel(entry, mainField), status: entry.status })),
    [search.data, mainField],
  );

  const select = (key: Key | null) => {
    if (key === null) return;
    const option = options.find((o) => o.id === key);
    if (!option) return;
    const item: RelationItem = { key: option.id, documentId: option.id, label: option.label, status: option.status };
    field.onChange(many ? [...chosen.filter((c) => c.documentId !== item.documentId), item] : [item]);
    setInput('');
    setPicks((n) => n + 1);
  };
  const move = (from: number, to: number) => {
    const next = [...chosen];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    field.onChange(next);
  };
  const remove = (documentId: string) => field.onChange(chosen.filter((c) => c.documentId !== documentId));

  const row = (item: RelationItem, handle: React.ReactNode) => (
    <div className="vf-relation-item">
      {handle}
      <span className="vf-relation-label">{item.label}</span>
      {item.status ? <span className="vf-status">{item.status}</span> : null}
      <button type="button" className="vf-button" disabled={disabled} aria-label={`Remove ${item.label}`} onClick={() => remove(item.documentId)}>
        Remove
      </button>
    </div>
  );

  return (
    <FieldShell id={id} label={name} required={attribute.required} error={fieldState.error?.message} labelFor={false}>
      <ComboBox
        className="vf-combobox"
        // the server filtered the options (`_q`); the combobox shows them all
        defaultFilter={() => true}
        inputValue={input}
        onInputChange={setInput}
        selectedKey={null}
        onSelectionChange={select}
        onOpenChange={(isOpen) => isOpen && setOpen(true)}
        disabledKeys={chosen.map((c) => c.documentId)}
        allowsEmptyCollection
        isDisabled={disabled}
        isInvalid={fieldState.error !== undefined}
      >
        <Label className="vf-sr-only">{name}</Label>
        <CloseAfterPick picks={picks} />
        <div className="vf-row">
          <Input className="vf-input" placeholder="Search to add a relation" />
          <Button className="vf-button" aria-label={`Show ${name} options`}>
            ▾
          </Button>
        </div>
        <Popover className="vf-popover" placement="bottom start">
          <ListBox className="vf-listbox" renderEmptyState={() => <div className="vf-empty">{search.isFetching ? 'Loading…' : 'No relations available'}</div>}>
            {options.map((option) => (
              <ListBoxItem key={option.id} id={option.id} textValue={option.label} className="vf-option">
                {option.label}
              </ListBoxItem>
            ))}
            <ListBoxLoadMoreItem scrollOffset={0.25} isLoading={search.isFetchingNextPage} onLoadMore={() => { if (search.hasNextPage && !search.isFetchingNextPage) void search.fetchNextPage(); }}>
              <span className="vf-loading">Loading more…</span>
            </ListBoxLoadMoreItem>
          </ListBox>
        </Popover>
      </ComboBox>
      {chosen.length > 0 ? (
        many ? (
          <SortableList items={chosen} label={(item) => item.label} onMove={move} aria-label={`${name} entries`}>
            {(item, _index, handle) => row(item, handle)}
          </SortableList>
        ) : (
          <ul className="vf-sortable-list" aria-label={`${name} entries`}>
            <li className="vf-sortable">{row(chosen[0], null)}</li>
          </ul>
        )
      ) : null}
    </FieldShell>
  );
});

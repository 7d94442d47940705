/**
 * The library's files, grid or list, virtualised (@tanstack/react-virtual): only the rows in view
 * (and two beyond) are in the DOM, and the next page of the API is asked for when the last loaded
 * row scrolls into view, so a library of thousands of files opens with one request. Thumbnails
 * are the `thumbnail` (or `small`) format, loaded lazily. The page and the edit view's picker
 * both show files through this one component.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Checkbox } from 'react-aria-components';
import { fileSize, thumbnailUrl, type MediaFile } from './media-api';

export type LibraryView = 'grid' | 'list';

export interface AssetGridProps {
  readonly files: readonly MediaFile[];
  readonly view: LibraryView;
  /** the list's accessible name */
  readonly label: string;
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  onLoadMore(): void;
  /** the card's main button: open the file (page) or pick it (picker) */
  onActivate(file: MediaFile): void;
  /** the picker's chosen files: the main button is a toggle */
  readonly pressed?: (file: MediaFile) => boolean;
  /** the page's bulk selection: a checkbox per card */
  readonly selected?: ReadonlySet<number>;
  readonly onSelect?: (file: MediaFile, selected: boolean) => void;
}

const CARD_WIDTH = 176;
const ROW_HEIGHT = { grid: 208, list: 56 } as const;

function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

function extensionOf(file: MediaFile): string {
  return (file.ext ?? file.name.slice(file.name.lastIndexOf('.'))).replace(/^\./, '').toUpperCase();
}

function AssetCard({ file, view, props }: { file: MediaFile; view: LibraryView; props: AssetGridProps }) {
  const thumbnail = thumbnailUrl(file);
  const isSelected = props.selected?.has(file.id) ?? false;
  const dimensions = file.width && file.height ? `${file.width}×${file.height}` : '';
  return (
    <div role="listitem" className={`ml-card ml-card-${view}${isSelected ? ' ml-selected' : ''}`} data-asset-card="">
      {props.onSelect ? (
        <Checkbox className="checkbox ml-card-check" aria-label={`Select ${file.name}`} isSelected={isSelected} onChange={(on) => props.onSelect?.(file, on)}>
          <div className="box" />
        </Checkbox>
      ) : null}
      <button type="button" className="ml-card-main" aria-pressed={props.pressed ? props.pressed(file) : undefined} onClick={() => props.onActivate(file)}>
        <span className="ml-thumb">
          {thumbnail ? <img src={thumbnail} alt="" loading="lazy" decoding="async" /> : <span className="ml-ext" aria-hidden="true">{extensionOf(file)}</span>}
        </span>
        <span className="ml-name">{file.name}</span>
      </button>
      <span className="ml-meta">
        {extensionOf(file)}
        {dimensions ? ` · ${dimensions}` : ''}
        {view === 'list' ? ` · ${fileSize(file.size)} · ${file.createdAt ? new Date(file.createdAt).toLocaleDateString() : ''}` : ''}
      </span>
    </div>
  );
}

export function AssetGrid(props: AssetGridProps) {
  const { files, view, hasMore, loadingMore, onLoadMore } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const width = useWidth(scroller);
  const columns = view === 'list' ? 1 : Math.max(1, Math.floor(width / CARD_WIDTH));
  const rows = Math.ceil(files.length / columns);
  const virtualizer = useVirtualizer({
    count: rows + (hasMore ? 1 : 0),
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT[view],
    overscan: 2,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1].index : -1;
  // the loader row (index `rows`) or the last loaded row in view: ask for the next page
  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= rows - 1) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, rows, onLoadMore]);
  return (
    <div ref={scroller} className={`ml-scroller ml-scroller-${view}`}>
      <div role="list" aria-label={props.label} className="ml-virtual" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((row) => (
          <div
            role="none"
            key={row.key}
            className="ml-row"
            style={{ height: row.size, transform: `translateY(${row.start}px)`, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
          >
            {row.index < rows
              ? files.slice(row.index * columns, (row.index + 1) * columns).map((file) => <AssetCard key={file.id} file={file} view={view} props={props} />)
              : <span role="status" className="ml-loading">Loading more assets…</span>}
          </div>
        ))}
      </div>
    </div>
  );
}

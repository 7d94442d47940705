/** Page links (previous, numbers, next) and the page size, all as query-string changes. */
import { Link } from 'react-router';
import type { Pagination as Page } from '../api/types';
import { PAGE_SIZES } from './list-params';

interface Props {
  readonly pagination: Page;
  readonly hrefFor: (page: number) => string;
  readonly onPageSize: (pageSize: number) => void;
}

/** the pages around the current one, with the first and the last */
function pageNumbers(page: number, pageCount: number): number[] {
  const numbers = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  return [...numbers].sort((a, b) => a - b);
}

export function Pagination({ pagination, hrefFor, onPageSize }: Props) {
  const { page, pageCount, pageSize, total } = pagination;
  return (
    <div className="pagination">
      <label>
        Entries per page
        <select value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <p>
        Page {page} of {Math.max(pageCount, 1)} · {total} {total === 1 ? 'entry' : 'entries'}
      </p>
      <nav aria-label="Pagination">
        {page > 1 ? <Link to={hrefFor(page - 1)}>Previous page</Link> : <span aria-disabled="true">Previous page</span>}
        {pageNumbers(page, pageCount).map((number) => (
          <Link key={number} to={hrefFor(number)} aria-label={`Page ${number}`} aria-current={number === page ? 'page' : undefined}>
            {number}
          </Link>
        ))}
        {page < pageCount ? <Link to={hrefFor(page + 1)}>Next page</Link> : <span aria-disabled="true">Next page</span>}
      </nav>
    </div>
  );
}

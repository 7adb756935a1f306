import { useId, type ReactNode } from 'react';
import type { SWRInfiniteResponse } from 'swr/infinite';
import { DataTable, type Column } from '../../components/DataTable';
import { NotLoaded } from '../../components/NotLoaded';
import { ADMIN_TEXT } from './messages';

/** A paged list's table: its columns and the texts DataTable needs. */
export interface PagedTable<R> {
  columns: readonly Column<R>[];
  emptyText: string;
  /** Names the table's scrollable region apart from the card's own (axe: landmarks need unique names). */
  regionLabel: string;
  /** The table's caption; the card's title unless given. */
  caption?: string;
}

/** A paged list that is not a table: how its loaded rows are shown (an empty list included). */
export interface PagedList<R> {
  list: (rows: readonly R[]) => ReactNode;
}

type Props<P extends { nextCursor: string | null }, R extends { id: string }> = (PagedTable<R> | PagedList<R>) & {
  title: string;
  pages: SWRInfiniteResponse<P>;
  rowsOf: (page: P) => readonly R[];
  /** Above the list: its search or filters, or what it is. */
  head?: ReactNode;
  /** Above the table: how many rows are loaded, and whether more are to come. */
  count?: (loaded: number, hasMore: boolean) => string;
  /** What says the first page could not be loaded; the Admin tab's own words unless given. */
  failedText?: string;
};

/**
 * An Admin tab card of a list the server pages, newest first (so the loaded pages in order are the list in order):
 * one dense table (or the card's own list), with "Load more" after the last page loaded.
 */
export function PagedCard<P extends { nextCursor: string | null }, R extends { id: string }>({
  title,
  pages,
  rowsOf,
  head,
  count,
  failedText = ADMIN_TEXT.fetchFailed,
  ...shown
}: Props<P, R>) {
  const headingId = useId();
  const pageCount = pages.data?.length ?? 0;
  const loadingMore = pages.isValidating && pages.size > pageCount;
  const hasMore = Boolean(pages.data?.at(-1)?.nextCursor);
  const rows = pages.data?.flatMap((page) => [...rowsOf(page)]);
  return (
    <section className="card admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {head}
      {rows ? (
        <>
          {count && (
            <p className="muted table-count" aria-live="polite">
              {count(rows.length, hasMore)}
            </p>
          )}
          {'list' in shown ? (
            shown.list(rows)
          ) : (
            <DataTable {...shown} caption={shown.caption ?? title} rows={rows} dense />
          )}
          {hasMore && (
            <button
              type="button"
              className="button button-outline admin-more"
              disabled={loadingMore}
              onClick={() => void pages.setSize(pageCount + 1)}
            >
              {loadingMore ? ADMIN_TEXT.loadingMore : ADMIN_TEXT.loadMore}
            </button>
          )}
        </>
      ) : (
        <NotLoaded
          error={pages.error}
          failedText={failedText}
          loadingText={ADMIN_TEXT.loading}
          onRetry={pages.mutate}
        />
      )}
    </section>
  );
}

import { useId, type ReactNode } from 'react';
import type { SWRInfiniteResponse } from 'swr/infinite';
import { NotLoaded } from '../../components/NotLoaded';
import { ADMIN_TEXT } from './messages';

interface Props<P extends { nextCursor: string | null }, R> {
  title: string;
  pages: SWRInfiniteResponse<P>;
  rowsOf: (page: P) => readonly R[];
  children: (rows: R[]) => ReactNode;
  /** Above the list: its search or filters. */
  head?: ReactNode;
}

/** An Admin tab card of a list the server pages, with "Load more" after the last page loaded. */
export function PagedCard<P extends { nextCursor: string | null }, R>({
  title,
  pages,
  rowsOf,
  children,
  head,
}: Props<P, R>) {
  const headingId = useId();
  const pageCount = pages.data?.length ?? 0;
  const loadingMore = pages.isValidating && pages.size > pageCount;
  const hasMore = Boolean(pages.data?.at(-1)?.nextCursor);
  return (
    <section className="card admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {head}
      {pages.data ? (
        <>
          {children(pages.data.flatMap((page) => [...rowsOf(page)]))}
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
          failed={pages.error !== undefined}
          failedText={ADMIN_TEXT.fetchFailed}
          loadingText={ADMIN_TEXT.loading}
        />
      )}
    </section>
  );
}

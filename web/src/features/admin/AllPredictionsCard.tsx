import { useId, useMemo } from 'react';
import type { AllPredictionsPage } from '@stockseer/contract';
import { useAdminUsers } from './adminApi';
import { AdminFilterBar } from './AdminFilterBar';
import type { AdminFilters } from './adminFilters';
import { AdminPredictionsTable } from './AdminPredictionsTable';
import { ADMIN_TEXT } from './messages';
import { NotLoaded } from '../../components/NotLoaded';
import { useAdminToasts } from './useAdminToasts';

interface Props {
  /** The pages loaded so far (undefined until the first one comes). */
  pages: readonly AllPredictionsPage[] | undefined;
  failed: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  filters: AdminFilters;
  onFiltersChange: (filters: AdminFilters) => void;
}

/**
 * Every user's predictions, filtered and ordered by the server, with "Load more" for the next page
 * (docs/product.md#admin-tab).
 */
export function AllPredictionsCard({ pages, failed, loadingMore, onLoadMore, filters, onFiltersChange }: Props) {
  const headingId = useId();
  const toasts = useAdminToasts();
  const users = useAdminUsers(toasts.fetchFailed).data?.users;
  // The server sends every page newest first, so the loaded pages in order are the list in order.
  const loaded = useMemo(() => pages?.flatMap((page) => page.predictions), [pages]);
  const hasMore = Boolean(pages?.at(-1)?.nextCursor);

  return (
    <section className="card admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{ADMIN_TEXT.predictionsTitle}</h2>
      <AdminFilterBar filters={filters} onChange={onFiltersChange} users={users ?? []} />
      {loaded ? (
        <>
          <p className="muted table-count" aria-live="polite">
            {ADMIN_TEXT.count(loaded.length, hasMore)}
          </p>
          <AdminPredictionsTable predictions={loaded} />
          {hasMore && (
            <button
              type="button"
              className="button button-outline admin-more"
              disabled={loadingMore}
              onClick={onLoadMore}
            >
              {loadingMore ? ADMIN_TEXT.loadingMore : ADMIN_TEXT.loadMore}
            </button>
          )}
        </>
      ) : (
        <NotLoaded failed={failed} failedText={ADMIN_TEXT.fetchFailed} loadingText={ADMIN_TEXT.loading} />
      )}
    </section>
  );
}

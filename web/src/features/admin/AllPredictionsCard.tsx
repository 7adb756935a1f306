import type { AllPredictionsPage } from '@stockseer/contract';
import type { SWRInfiniteResponse } from 'swr/infinite';
import { useAdminUsers } from './adminApi';
import { AdminFilterBar } from './AdminFilterBar';
import { OPENING_FILTERS, type AdminFilters } from './adminFilters';
import { ADMIN_PREDICTIONS_TABLE } from './adminPredictionsTable';
import { ADMIN_TEXT } from './messages';
import { PagedCard } from './PagedCard';
import { useAdminToasts } from './useAdminToasts';

interface Props {
  pages: SWRInfiniteResponse<AllPredictionsPage>;
  filters: AdminFilters;
  onFiltersChange: (filters: AdminFilters) => void;
}

const sameFilters = (a: AdminFilters, b: AdminFilters) =>
  (Object.keys(b) as (keyof AdminFilters)[]).every((key) => a[key] === b[key]);

/**
 * Every user's predictions, filtered and ordered by the server, with "Load more" for the next page
 * (docs/product.md#admin-tab).
 */
export function AllPredictionsCard({ pages, filters, onFiltersChange }: Props) {
  const toasts = useAdminToasts();
  const users = useAdminUsers(toasts.fetchFailed).data?.users;
  return (
    <PagedCard
      title={ADMIN_TEXT.predictionsTitle}
      pages={pages}
      rowsOf={(page) => page.predictions}
      head={<AdminFilterBar filters={filters} onChange={onFiltersChange} users={users ?? []} />}
      count={ADMIN_TEXT.count}
      {...ADMIN_PREDICTIONS_TABLE}
      emptyText={sameFilters(filters, OPENING_FILTERS) ? ADMIN_TEXT.noneYet : ADMIN_TEXT.empty}
    />
  );
}

import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminUserRow } from '@stockseer/contract';
import type { Column } from '../../components/DataTable';
import { formatCents, formatDate } from '../../lib/format';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useAdminUserPages } from './adminApi';
import { ADMIN_TEXT, USER_COLUMNS } from './messages';
import { useAdminToasts } from './useAdminToasts';
import { PagedCard } from './PagedCard';

const SEARCH_DEBOUNCE_MS = 300;

const money = (field: 'balance' | 'reservedBalance' | 'chargedBalance') => (u: AdminUserRow) =>
  u.wallet ? formatCents(u.wallet[field]) : ADMIN_TEXT.noWallet;

/** The user list (docs/product.md#admin-tab), a column per entry. */
const USER_TABLE_COLUMNS: readonly Column<AdminUserRow>[] = [
  {
    header: USER_COLUMNS.user,
    rowHeader: true,
    cell: (u) => (
      <>
        <span className="admin-user-name">
          {/* The user's page: the customer view and the support actions (docs/product.md#customer-view). */}
          <Link to={`/admin/users/${encodeURIComponent(u.id)}`}>{u.displayName ?? u.email ?? u.id}</Link>
          {u.isAdmin && <span className="badge badge-admin">{ADMIN_TEXT.adminBadge}</span>}
        </span>
        <span className="cell-sub admin-email" title={u.email ?? undefined}>
          {u.email}
        </span>
      </>
    ),
  },
  { header: USER_COLUMNS.memberSince, cell: (u) => formatDate(u.createdAt) },
  { header: USER_COLUMNS.available, cell: money('balance') },
  { header: USER_COLUMNS.reserved, cell: money('reservedBalance') },
  { header: USER_COLUMNS.charged, cell: money('chargedBalance') },
  { header: USER_COLUMNS.free, cell: (u) => u.wallet?.freePredictions ?? ADMIN_TEXT.noWallet },
  { header: USER_COLUMNS.predictions, cell: (u) => u.predictionCount },
];

/** The Users section: search by e-mail or name, a page at a time. */
export function UsersCard() {
  const searchId = useId();
  const toasts = useAdminToasts();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const pages = useAdminUserPages(settled, toasts.fetchFailed);

  return (
    <PagedCard
      title={ADMIN_TEXT.usersTitle}
      pages={pages}
      rowsOf={(page) => page.users}
      head={
        <div className="filter-field admin-user-search">
          <label htmlFor={searchId}>{ADMIN_TEXT.usersSearch}</label>
          <input
            id={searchId}
            type="search"
            maxLength={100}
            placeholder={ADMIN_TEXT.usersSearchPlaceholder}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      }
      count={ADMIN_TEXT.usersCount}
      columns={USER_TABLE_COLUMNS}
      emptyText={ADMIN_TEXT.usersEmpty}
      regionLabel={ADMIN_TEXT.usersRegion}
    />
  );
}

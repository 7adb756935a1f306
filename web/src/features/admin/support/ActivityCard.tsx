import './support.css';
import { useId, useState } from 'react';
import { AuditAction, centsToDollars, type AuditEntry } from '@stockseer/contract';
import type { Column } from '../../../components/DataTable';
import { FilterSelect } from '../../../components/FilterSelect';
import { formatDateTime } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { NO_ACTIVITY_FILTERS, useActivity, type ActivityFilters } from './customerApi';
import { PagedCard } from '../PagedCard';
import { ACTION_LABELS, ACTIVITY_TEXT } from './supportText';

const ACTION_OPTIONS = AuditAction.options.map((value) => ({ value, label: ACTION_LABELS[value] }));
const TYPING_DEBOUNCE_MS = 300;

/** What an entry did, in one line: its target, amount and details. */
function what(entry: AuditEntry): string {
  const parts = [
    entry.targetEmail ?? entry.targetUserId,
    entry.amountCents === null ? null : `$${centsToDollars(entry.amountCents)}`,
    ...Object.entries(entry.details).map(([key, value]) => `${key}: ${String(value)}`),
  ];
  return parts.filter((part) => part !== null && part !== undefined).join(' · ');
}

const ACTIVITY_COLUMNS: readonly Column<AuditEntry>[] = [
  { header: ACTIVITY_TEXT.when, cell: (e) => <span className="cell-date">{formatDateTime(e.at)}</span> },
  { header: ACTIVITY_TEXT.action, rowHeader: true, cell: (e) => ACTION_LABELS[e.action] },
  {
    header: ACTIVITY_TEXT.admin,
    cell: (e) => (
      <span className="admin-email" title={e.actorEmail ?? undefined}>
        {e.actorEmail ?? e.actorUid}
      </span>
    ),
  },
  { header: ACTIVITY_TEXT.what, className: 'cell-wide', cell: (e) => <span className="activity-what">{what(e)}</span> },
  { header: ACTIVITY_TEXT.reason, className: 'cell-wide', cell: (e) => e.reason ?? ACTIVITY_TEXT.noReason },
];

/** A text or date filter of the activity list. */
function InputFilter({
  label,
  type,
  value,
  onChange,
}: {
  label: string;
  type: 'text' | 'date';
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        maxLength={128}
        placeholder={type === 'text' ? ACTIVITY_TEXT.targetPlaceholder : undefined}
        onChange={(event) => onChange(event.target.value.trim())}
      />
    </div>
  );
}

/**
 * The activity list's filters and pages; on a user's page, that user's (`targetUserId`, fixed), refreshed by the page
 * after an action (`pages.mutate()`).
 */
export function useActivityList(targetUserId?: string) {
  const [filters, setFilters] = useState<ActivityFilters>({ ...NO_ACTIVITY_FILTERS, targetUserId: targetUserId ?? '' });
  const pages = useActivity(useDebouncedValue(filters, TYPING_DEBOUNCE_MS));
  return { filters, setFilters, pages, targetUserId };
}

/**
 * Admin > Activity (docs/product.md#audit-log): every admin action, newest first, filtered by the server. The Admin
 * filter offers the admins of the entries loaded.
 */
export function ActivityCard({ activity }: { activity: ReturnType<typeof useActivityList> }) {
  const { filters, setFilters, pages, targetUserId } = activity;
  const admins = new Map<string, string>();
  for (const entry of pages.data?.flatMap((page) => page.entries) ?? []) {
    if (entry.actorUid) admins.set(entry.actorUid, entry.actorEmail ?? entry.actorUid);
  }
  if (filters.actorUid && !admins.has(filters.actorUid)) admins.set(filters.actorUid, filters.actorUid);
  const set = (field: keyof ActivityFilters) => (value: string) =>
    setFilters((current) => ({ ...current, [field]: value === 'all' ? '' : value }));
  return (
    <PagedCard
      title={ACTIVITY_TEXT.title}
      pages={pages}
      rowsOf={(page) => page.entries}
      head={
        <>
          <p className="muted admin-intro">{ACTIVITY_TEXT.intro}</p>
          <div className="admin-filters">
            <FilterSelect
              label={ACTIVITY_TEXT.action}
              value={filters.action || 'all'}
              allLabel={ACTIVITY_TEXT.all}
              options={ACTION_OPTIONS}
              onChange={set('action')}
              className="filter-field"
            />
            <FilterSelect
              label={ACTIVITY_TEXT.admin}
              value={filters.actorUid || 'all'}
              allLabel={ACTIVITY_TEXT.all}
              options={[...admins].map(([value, label]) => ({ value, label }))}
              onChange={set('actorUid')}
              className="filter-field"
            />
            {targetUserId === undefined && (
              <InputFilter
                label={ACTIVITY_TEXT.target}
                type="text"
                value={filters.targetUserId}
                onChange={set('targetUserId')}
              />
            )}
            <InputFilter label={ACTIVITY_TEXT.from} type="date" value={filters.from} onChange={set('from')} />
            <InputFilter label={ACTIVITY_TEXT.to} type="date" value={filters.to} onChange={set('to')} />
          </div>
        </>
      }
      columns={ACTIVITY_COLUMNS}
      emptyText={ACTIVITY_TEXT.empty}
      regionLabel={ACTIVITY_TEXT.region}
    />
  );
}

import {
  MODEL_LABELS,
  ModelId,
  PredictionStatus,
  PredictionType,
  TIME_FRAME_LABELS,
  TimeFrame,
} from '@stockseer/contract';
import type { AdminFilters } from './adminFilters';
import { FilterSelect, type Option } from '../../components/FilterSelect';
import { ADMIN_TEXT, STATUS_LABELS, TYPE_LABELS } from './messages';

interface Props {
  filters: AdminFilters;
  onChange: (filters: AdminFilters) => void;
  /** The users to pick from (`GET /api/admin/users`); empty until they load. */
  users: readonly { id: string; email: string | null }[];
}

const optionsOf = <V extends string>(values: readonly V[], label: (value: V) => string): Option<V>[] =>
  values.map((value) => ({ value, label: label(value) }));

const STATUS_OPTIONS = optionsOf(PredictionStatus.options, (s) => STATUS_LABELS[s]);
const TIME_FRAME_OPTIONS = optionsOf(TimeFrame.options, (t) => TIME_FRAME_LABELS[t]);
const TYPE_OPTIONS = optionsOf(PredictionType.options, (t) => TYPE_LABELS[t]);
const MODEL_OPTIONS = optionsOf(ModelId.options, (m) => MODEL_LABELS[m]);

/** User, Status, Timeframe, Type and Model, each a labelled select (docs/product.md#admin-tab). */
export function AdminFilterBar({ filters, onChange, users }: Props) {
  const field = <K extends keyof AdminFilters>(
    key: K,
    label: string,
    options: readonly Option<Exclude<AdminFilters[K], 'all'>>[],
    allLabel: string = ADMIN_TEXT.all,
  ) => (
    <FilterSelect<Exclude<AdminFilters[K], 'all'>>
      key={key}
      className="filter-field"
      label={label}
      allLabel={allLabel}
      value={filters[key]}
      options={options}
      onChange={(value) => onChange({ ...filters, [key]: value })}
    />
  );
  const userOptions = users.map((u) => ({ value: u.id, label: u.email ?? u.id }));
  return (
    <div className="admin-filters">
      {field('user', ADMIN_TEXT.userFilter, userOptions, ADMIN_TEXT.allUsers)}
      {field('status', ADMIN_TEXT.statusFilter, STATUS_OPTIONS)}
      {field('timeFrame', ADMIN_TEXT.timeFrameFilter, TIME_FRAME_OPTIONS)}
      {field('type', ADMIN_TEXT.typeFilter, TYPE_OPTIONS)}
      {field('model', ADMIN_TEXT.modelFilter, MODEL_OPTIONS)}
    </div>
  );
}

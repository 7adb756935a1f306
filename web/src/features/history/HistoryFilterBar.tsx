import { useId } from 'react';
import { PredictionStatus, TimeFrame } from '@stockseer/contract';
import type { HistoryFilters } from './historyRows';
import { HISTORY_TEXT, STATUS_LABELS, timeFrameLabel } from './messages';

interface Props {
  filters: HistoryFilters;
  onChange: (filters: HistoryFilters) => void;
}

const STATUS_OPTIONS = PredictionStatus.options.map((status) => ({ value: status, label: STATUS_LABELS[status] }));
const TIME_FRAME_OPTIONS = TimeFrame.options.map((timeFrame) => ({
  value: timeFrame,
  label: timeFrameLabel(timeFrame),
}));

/** SPEC 2: Status, Timeframe and a ticker search, each a labelled control. */
export function HistoryFilterBar({ filters, onChange }: Props) {
  const id = useId();
  return (
    <div className="history-filters">
      <FilterSelect
        label={HISTORY_TEXT.statusFilter}
        value={filters.status}
        options={STATUS_OPTIONS}
        onChange={(status) => onChange({ ...filters, status })}
      />
      <FilterSelect
        label={HISTORY_TEXT.timeFrameFilter}
        value={filters.timeFrame}
        options={TIME_FRAME_OPTIONS}
        onChange={(timeFrame) => onChange({ ...filters, timeFrame })}
      />
      <div className="filter-field">
        <label htmlFor={id}>{HISTORY_TEXT.tickerSearch}</label>
        <input
          id={id}
          type="search"
          placeholder={HISTORY_TEXT.tickerPlaceholder}
          autoComplete="off"
          spellCheck={false}
          value={filters.ticker}
          onChange={(e) => onChange({ ...filters, ticker: e.target.value })}
        />
      </div>
    </div>
  );
}

interface FilterSelectProps<V extends string> {
  label: string;
  value: V | 'all';
  options: readonly { value: V; label: string }[];
  onChange: (value: V | 'all') => void;
}

/** A select of 'All' plus the given options; it only ever reports a value it offered. */
function FilterSelect<V extends string>({ label, value, options, onChange }: FilterSelectProps<V>) {
  const id = useId();
  const pick = (raw: string) => onChange(options.find((o) => o.value === raw)?.value ?? 'all');
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => pick(e.target.value)}>
        <option value="all">{HISTORY_TEXT.all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

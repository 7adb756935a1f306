import { useId } from 'react';
import { PredictionStatus, TIME_FRAME_LABELS, TimeFrame } from '@stockseer/contract';
import { FilterSelect } from '../../components/FilterSelect';
import type { HistoryFilters } from './historyRows';
import { HISTORY_TEXT, STATUS_LABELS } from './messages';

interface Props {
  filters: HistoryFilters;
  onChange: (filters: HistoryFilters) => void;
}

const STATUS_OPTIONS = PredictionStatus.options.map((status) => ({ value: status, label: STATUS_LABELS[status] }));
const TIME_FRAME_OPTIONS = TimeFrame.options.map((timeFrame) => ({
  value: timeFrame,
  label: TIME_FRAME_LABELS[timeFrame],
}));

/** Status, Timeframe and a ticker search, each a labelled control (docs/product.md#history-tab). */
export function HistoryFilterBar({ filters, onChange }: Props) {
  const id = useId();
  return (
    <div className="history-filters">
      <FilterSelect
        className="filter-field"
        allLabel={HISTORY_TEXT.all}
        label={HISTORY_TEXT.statusFilter}
        value={filters.status}
        options={STATUS_OPTIONS}
        onChange={(status) => onChange({ ...filters, status })}
      />
      <FilterSelect
        className="filter-field"
        allLabel={HISTORY_TEXT.all}
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

import './history.css';
import { useCallback, useMemo, useState } from 'react';
import { useToast } from '../../components/toast/ToastProvider';
import { NotLoaded } from '../../components/NotLoaded';
import { useLiveStatuses } from '../../lib/liveStatusApi';
import { historyCsv } from './csv';
import { downloadText } from '../../lib/download';
import { HistoryFilterBar } from './HistoryFilterBar';
import { filterPredictions, NO_FILTERS, sortForHistory } from './historyRows';
import { HistoryTable } from './HistoryTable';
import { HISTORY_TEXT } from './messages';
import { useUserPredictions } from './useUserPredictions';

/**
 * The History tab (docs/product.md#history-tab): the signed-in user's predictions, filtered, sorted, and downloadable
 * as CSV. `highlightedId`: the prediction a link led to (the inbox's), marked and scrolled to.
 */
export function HistoryTab({ uid, highlightedId }: { uid: string; highlightedId?: string }) {
  const { toast } = useToast();
  const onError = useCallback(
    () => toast({ title: HISTORY_TEXT.errorTitle, description: HISTORY_TEXT.failed, variant: 'destructive' }),
    [toast],
  );
  const { data, error, mutate } = useUserPredictions(uid, onError);
  const liveStatuses = useLiveStatuses(uid);
  const [filters, setFilters] = useState(NO_FILTERS);
  const rows = useMemo(() => data && sortForHistory(filterPredictions(data, filters)), [data, filters]);

  return (
    <section className="card history-tab" aria-labelledby="history-title">
      <div className="history-head">
        <h2 id="history-title">{HISTORY_TEXT.title}</h2>
        <button
          type="button"
          className="button button-outline"
          disabled={!rows?.length}
          onClick={() => rows && downloadText(csvFileName(), historyCsv(rows))}
        >
          {HISTORY_TEXT.download}
        </button>
      </div>
      <HistoryFilterBar filters={filters} onChange={setFilters} />
      {rows && data ? (
        <>
          <p className="muted table-count" aria-live="polite">
            {HISTORY_TEXT.count(rows.length, data.length)}
          </p>
          <HistoryTable
            predictions={rows}
            liveStatuses={liveStatuses}
            highlightedId={highlightedId}
            emptyText={data.length === 0 ? HISTORY_TEXT.noneYet : HISTORY_TEXT.empty}
          />
        </>
      ) : (
        <NotLoaded error={error} failedText={HISTORY_TEXT.failed} loadingText={HISTORY_TEXT.loading} onRetry={mutate} />
      )}
    </section>
  );
}

/** `stockseer-predictions-2026-11-22.csv`: dated by the local day of the download. */
function csvFileName() {
  const now = new Date();
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  return `stockseer-predictions-${day}.csv`;
}

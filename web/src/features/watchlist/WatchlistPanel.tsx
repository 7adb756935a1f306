import './watchlist.css';
import { useMemo } from 'react';
import type { TimeFrame, WatchlistRow } from '@stockseer/contract';
import { DataTable, type Column } from '../../components/DataTable';
import { NotLoaded } from '../../components/NotLoaded';
import { formatChance, formatChange, formatDate, formatPrice, trendOf } from '../../lib/format';
import { WATCHLIST_TEXT } from './messages';
import { AlertSelect } from './AlertSelect';
import { StarButton } from './StarButton';
import { useWatchlist } from './watchlistApi';

type Row = WatchlistRow & { id: string };

function chanceColumn(timeFrame: TimeFrame): Column<Row> {
  return {
    header: WATCHLIST_TEXT.chance(timeFrame),
    className: 'watchlist-chance',
    cell: (row) => {
      const chance = row.chances[timeFrame];
      if (!chance) return <span title={WATCHLIST_TEXT.notPreparedHint}>{WATCHLIST_TEXT.notPrepared}</span>;
      return (
        <>
          <strong>{formatChance(chance.hitProbability)}</strong>
          <span className="cell-sub">{chance.modelName}</span>
        </>
      );
    },
  };
}

/**
 * The Watchlist panel (docs/product.md#watchlist): each starred stock's last close, day change and today's chance of
 * a hit of each time frame's default model. Picking a stock shows it above; its star removes it.
 */
export function WatchlistPanel({ uid, onSelect }: { uid: string; onSelect: (symbol: string) => void }) {
  const { data, error, mutate } = useWatchlist(uid);
  const columns = useMemo<Column<Row>[]>(
    () => [
      {
        header: WATCHLIST_TEXT.stock,
        rowHeader: true,
        cell: (row) => (
          <div className="watchlist-stock">
            <StarButton uid={uid} symbol={row.symbol} compact />
            <button
              type="button"
              className="link-button watchlist-symbol"
              aria-label={WATCHLIST_TEXT.open(row.symbol)}
              onClick={() => onSelect(row.symbol)}
            >
              {row.symbol}
            </button>
          </div>
        ),
      },
      {
        header: WATCHLIST_TEXT.lastClose,
        cell: (row) =>
          row.lastClose === null ? (
            WATCHLIST_TEXT.noPrice
          ) : (
            <>
              {formatPrice(row.lastClose)}
              <span className="cell-sub">{formatDate(row.lastCloseDate)}</span>
            </>
          ),
      },
      {
        header: WATCHLIST_TEXT.dayChange,
        cell: (row) =>
          row.dayChange === null || row.dayChangeFraction === null ? (
            '–'
          ) : (
            <span className={`trend-${trendOf(row.dayChange)}`}>
              {formatChange(row.dayChange, row.dayChangeFraction * 100)}
            </span>
          ),
      },
      chanceColumn('short'),
      chanceColumn('medium'),
      chanceColumn('long'),
      { header: WATCHLIST_TEXT.alert, cell: (row) => <AlertSelect uid={uid} row={row} /> },
    ],
    [uid, onSelect],
  );
  const rows = useMemo(() => data?.rows.map((row) => ({ ...row, id: row.symbol })), [data]);

  return (
    <section className="card watchlist-panel" aria-labelledby="watchlist-title">
      <h2 id="watchlist-title">{WATCHLIST_TEXT.title}</h2>
      <p className="muted watchlist-intro">{WATCHLIST_TEXT.intro}</p>
      {rows ? (
        <DataTable caption={WATCHLIST_TEXT.title} columns={columns} rows={rows} emptyText={WATCHLIST_TEXT.empty} />
      ) : (
        <NotLoaded
          error={error}
          failedText={WATCHLIST_TEXT.failed}
          loadingText={WATCHLIST_TEXT.loading}
          onRetry={mutate}
        />
      )}
    </section>
  );
}

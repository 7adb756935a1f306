import { useId } from 'react';
import type { WatchlistRow } from '@stockseer/contract';
import { formatChance } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { WATCHLIST_TEXT } from './messages';
import { useSetAlert } from './watchlistApi';
import { useWatchlistChange } from './useWatchlistChange';

/** The thresholds offered: whole tens, which is as fine as a daily chance is worth reading. */
const THRESHOLDS = [20, 30, 40, 50, 60, 70, 80, 90] as const;

/**
 * A star's alert (docs/product.md#watchlist): "tell me when the 7-day chance is at least N%", checked by each daily
 * maintenance run; when today's run found it, the chance it found. Off while offline (the banner says why).
 */
export function AlertSelect({ uid, row }: { uid: string; row: WatchlistRow }) {
  const setAlert = useSetAlert(uid);
  const online = useOnline();
  const { busy, run } = useWatchlistChange(WATCHLIST_TEXT.alertFailed);
  const id = useId();

  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {WATCHLIST_TEXT.alertLabel(row.symbol)}
      </label>
      <select
        id={id}
        className="watchlist-alert"
        value={row.alertAtLeastPercent ?? ''}
        disabled={busy || !online}
        onChange={(event) => {
          const value = event.target.value;
          void run(() => setAlert(row.symbol, value === '' ? null : Number(value)));
        }}
      >
        <option value="">{WATCHLIST_TEXT.alertOff}</option>
        {THRESHOLDS.map((percent) => (
          <option key={percent} value={percent}>
            {WATCHLIST_TEXT.alertOption(percent)}
          </option>
        ))}
      </select>
      {row.alertedChance !== null && (
        <span className="cell-sub watchlist-alerted">{WATCHLIST_TEXT.alerted(formatChance(row.alertedChance))}</span>
      )}
    </>
  );
}

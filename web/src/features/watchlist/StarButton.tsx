import { useNeedsConnection } from '../../components/NeedsConnection';
import { WATCHLIST_TEXT } from './messages';
import { useWatchlistChange } from './useWatchlistChange';
import { useToggleStar, useWatchlist } from './watchlistApi';

/**
 * The star on a stock's card: adds the stock to the watchlist or removes it. A refusal (the 50-star limit) is
 * told in a toast with the server's words; offline it is off, with the reason.
 */
export function StarButton({ uid, symbol, compact = false }: { uid: string; symbol: string; compact?: boolean }) {
  const { data } = useWatchlist(uid);
  const toggle = useToggleStar(uid);
  const { offline, buttonProps, reason } = useNeedsConnection(WATCHLIST_TEXT.starNeedsConnection);
  const { busy, run } = useWatchlistChange(WATCHLIST_TEXT.starFailed);
  const starred = data?.rows.some((row) => row.symbol === symbol) ?? false;

  const onClick = () => {
    if (!offline && !busy) void run(() => toggle(symbol, starred));
  };

  return (
    <div className="star-button-wrap">
      <button
        type="button"
        className={starred ? 'button button-outline star-button star-button-on' : 'button button-outline star-button'}
        aria-pressed={starred}
        aria-label={starred ? WATCHLIST_TEXT.unstar(symbol) : WATCHLIST_TEXT.star(symbol)}
        aria-busy={busy || undefined}
        disabled={!data}
        onClick={onClick}
        {...buttonProps}
      >
        <span aria-hidden="true">{starred ? '★' : '☆'}</span>
        {!compact && <span>{starred ? WATCHLIST_TEXT.starredShort : WATCHLIST_TEXT.starShort}</span>}
      </button>
      {/* In a watchlist row the banner says it; the reason stays for screen readers (the button points to it). */}
      {compact ? reason && <div className="visually-hidden">{reason}</div> : reason}
    </div>
  );
}

import './needsConnection.css';
import { useId } from 'react';
import { OFFLINE_TEXT, useOnline } from '../lib/online';

/**
 * For a button that moves money (Generate, Add funds, Pay): while offline it is disabled and says why beside it.
 * aria-disabled rather than disabled, so a button that has the focus keeps it; its click handler checks `offline`.
 * `reasonText`: what waits, for a button that moves no money (the watchlist's star).
 */
export function useNeedsConnection(reasonText: string = OFFLINE_TEXT.moneyNeedsConnection) {
  const online = useOnline();
  const reasonId = useId();
  return {
    offline: !online,
    /** Spread on the button: what marks it unavailable and points to the reason. */
    buttonProps: online ? {} : { 'aria-disabled': true, 'aria-describedby': reasonId },
    reason: online ? null : (
      <p id={reasonId} className="needs-connection">
        {reasonText}
      </p>
    ),
  };
}

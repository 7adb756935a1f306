import './needsConnection.css';
import { useId } from 'react';
import { OFFLINE_TEXT, useOnline } from '../lib/online';

/**
 * For a button that moves money (Generate, Add funds, Pay): while offline it is disabled and says why beside it.
 * aria-disabled rather than disabled, so a button that has the focus keeps it; its click handler checks `offline`.
 */
export function useNeedsConnection() {
  const online = useOnline();
  const reasonId = useId();
  return {
    offline: !online,
    /** Spread on the button: what marks it unavailable and points to the reason. */
    buttonProps: online ? {} : { 'aria-disabled': true, 'aria-describedby': reasonId },
    reason: online ? null : (
      <p id={reasonId} className="needs-connection">
        {OFFLINE_TEXT.moneyNeedsConnection}
      </p>
    ),
  };
}

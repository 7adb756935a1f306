import { failedReadText } from '../lib/failedRead';
import { OFFLINE_TEXT, useOnline } from '../lib/online';
import { RetryButton } from './RetryButton';

/**
 * What a panel shows before its data is there: loading, or the fetch failure in the panel's own words with a Retry
 * button (a failure whose answer said when to ask again says it is asking again by itself). Offline it says the data
 * comes once the connection is back, instead of "loading" (nothing loads then) or a failure (nothing failed but the
 * network, which the offline banner already says).
 */
export function NotLoaded({
  error,
  failedText,
  loadingText,
  onRetry,
}: {
  /** Why the read failed; undefined while it is loading. */
  error: unknown;
  failedText: string;
  loadingText: string;
  /** Asks again at once (SWR's `mutate`). */
  onRetry: () => unknown;
}) {
  const online = useOnline();
  if (!online) return <p className="muted">{OFFLINE_TEXT.notLoadedYet}</p>;
  return error !== undefined ? (
    <div className="read-failed">
      <p className="error-text">{failedReadText(error, failedText)}</p>
      <RetryButton onRetry={onRetry} />
    </div>
  ) : (
    <p className="muted" aria-busy="true">
      {loadingText}
    </p>
  );
}

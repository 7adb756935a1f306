import { OFFLINE_TEXT, useOnline } from '../lib/online';

/**
 * What a panel shows before its data is there: loading, or the fetch failure, in the panel's own words. Offline it
 * says the data comes once the connection is back, instead of "loading" (nothing loads then) or a failure (nothing
 * failed but the network, which the offline banner already says).
 */
export function NotLoaded({
  failed,
  failedText,
  loadingText,
}: {
  failed: boolean;
  failedText: string;
  loadingText: string;
}) {
  const online = useOnline();
  if (!online) return <p className="muted">{OFFLINE_TEXT.notLoadedYet}</p>;
  return failed ? (
    <p className="error-text">{failedText}</p>
  ) : (
    <p className="muted" aria-busy="true">
      {loadingText}
    </p>
  );
}

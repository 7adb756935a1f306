import './offlineBanner.css';
import { OFFLINE_TEXT, useOnline } from '../../lib/online';
import { useKeptAnswersWhileOffline } from '../../lib/persistedCache';

/**
 * One notice for the whole app while offline, in place of each failed request's own error; meanwhile the page shows
 * what was last loaded.
 */
export function OfflineBanner() {
  const online = useOnline();
  useKeptAnswersWhileOffline(online);
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <strong>{OFFLINE_TEXT.title}</strong> <span>{OFFLINE_TEXT.reason}</span>
    </div>
  );
}

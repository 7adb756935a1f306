import { ADMIN_TEXT } from './messages';

/** What a card shows before its data is there: loading, or the fetch failure (the toast has said so too). */
export function NotLoaded({ failed }: { failed: boolean }) {
  return failed ? (
    <p className="error-text">{ADMIN_TEXT.fetchFailed}</p>
  ) : (
    <p className="muted" aria-busy="true">
      {ADMIN_TEXT.loading}
    </p>
  );
}

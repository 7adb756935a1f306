/** What a panel shows before its data is there: loading, or the fetch failure, in the panel's own words. */
export function NotLoaded({
  failed,
  failedText,
  loadingText,
}: {
  failed: boolean;
  failedText: string;
  loadingText: string;
}) {
  return failed ? (
    <p className="error-text">{failedText}</p>
  ) : (
    <p className="muted" aria-busy="true">
      {loadingText}
    </p>
  );
}

import './retryButton.css';
import { FAILED_READ_TEXT } from '../lib/failedReadText';

/** Asks a failed read again at once (SWR's `mutate()`), beside the failure it shows. */
export function RetryButton({ onRetry }: { onRetry: () => unknown }) {
  return (
    <button type="button" className="button button-outline retry-button" onClick={() => void onRetry()}>
      {FAILED_READ_TEXT.retry}
    </button>
  );
}

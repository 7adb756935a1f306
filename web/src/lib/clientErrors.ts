import type { ClientErrorReport } from '@stockseer/contract';

/**
 * Tells us about errors the app could not handle (issue 27): a render error an error boundary caught, an uncaught
 * error, an unhandled rejection, posted to `/api/client-errors`, which logs them as ERROR. Sampled and bounded on
 * this side too: each distinct error once per page load, at most `MAX_REPORTS_PER_LOAD`; never while offline. No
 * personal data: the page's path only (no query, no hash), the error's own text and stack, cut to the schema's sizes.
 */
export const MAX_REPORTS_PER_LOAD = 5;
const reported = new Set<string>();

export function reportClientError(kind: ClientErrorReport['kind'], error: unknown): void {
  const { message, stack } = describe(error);
  const key = `${kind}:${message}`;
  if (reported.has(key) || reported.size >= MAX_REPORTS_PER_LOAD || !navigator.onLine) return;
  reported.add(key);
  const report: ClientErrorReport = {
    kind,
    message: message.slice(0, 500) || 'Unknown error',
    stack: stack?.slice(0, 4000),
    path: window.location.pathname.slice(0, 200),
  };
  // Fire and forget, even as the page unloads: a report that fails is not worth a second error.
  void fetch('/api/client-errors', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
  }).catch(() => undefined);
}

/** Reports what reaches the window uncaught. Called once, at start-up. */
export function reportUncaughtErrors(): void {
  window.addEventListener('error', (event) => reportClientError('error', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportClientError('unhandledrejection', event.reason));
}

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message.trim(), stack: error.stack };
  return { message: String(error).trim() };
}

/** For tests: a new page load. */
export function forgetReportedErrors(): void {
  reported.clear();
}

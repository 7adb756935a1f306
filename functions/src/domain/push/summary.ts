import { centsToDollars, type Notification, type PushMessage } from '@stockseer/contract';

/**
 * The one push a user gets per maintenance run (docs/product.md#web-push): what the run wrote in their inbox, summed
 * up ("3 forecasts resolved: 2 hits, $2.00 charged; 1 miss, $1.00 released"), never one push per entry.
 */

export const PUSH_TITLE = 'StockSeer';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const money = (cents: number) => `$${centsToDollars(cents)}`;
const percent = (chance: number) => `${Math.round(chance * 100)}%`;

/** `2 hits, $2.00 charged`; free forecasts moved no money: `1 hit (free)`. */
function outcomes(of: readonly Notification[], [one, many]: [string, string], moved: string): string | null {
  if (of.length === 0) return null;
  const cents = of.reduce((total, n) => total + n.amountCents, 0);
  return cents > 0
    ? `${plural(of.length, one, many)}, ${money(cents)} ${moved}`
    : `${plural(of.length, one, many)} (free)`;
}

/** The summary's sentences; null when the run wrote nothing a push tells (a webhook's entries have no run). */
export function runSummaryText(notifications: readonly Notification[]): string | null {
  const hits = notifications.filter((n) => n.kind === 'prediction.hit');
  const misses = notifications.filter((n) => n.kind === 'prediction.missed');
  const renewal = notifications.find((n) => n.kind === 'allowance.renewed');
  const alerts = notifications.flatMap((n) => (n.kind === 'watchlist.alert' ? [n] : []));
  const sentences: string[] = [];
  if (hits.length + misses.length > 0) {
    const parts = [outcomes(hits, ['hit', 'hits'], 'charged'), outcomes(misses, ['miss', 'misses'], 'released')];
    const resolved = plural(hits.length + misses.length, 'forecast', 'forecasts');
    sentences.push(`${resolved} resolved: ${parts.filter((part) => part !== null).join('; ')}`);
  }
  if (renewal) sentences.push(`Your ${renewal.freePredictions} free predictions are renewed`);
  if (alerts.length > 0) {
    const reached = alerts.map((a) => `${a.symbol} ${percent(a.hitProbability)}`).join(', ');
    sentences.push(`${alerts.length === 1 ? 'Watchlist alert' : 'Watchlist alerts'}: 7-day chance ${reached}`);
  }
  return sentences.length === 0 ? null : sentences.join('. ');
}

/** Where the push opens: the one forecast resolved in History, History for several, else the Wallet or the app. */
function urlOf(notifications: readonly Notification[]): string {
  const resolved = notifications.flatMap((n) =>
    n.kind === 'prediction.hit' || n.kind === 'prediction.missed' ? [n] : [],
  );
  if (resolved.length === 1) return `/history?prediction=${encodeURIComponent(resolved[0]!.predictionId)}`;
  if (resolved.length > 1) return '/history';
  return notifications.some((n) => n.kind === 'allowance.renewed') ? '/wallet' : '/';
}

/** The push of a run's summary, tagged with the run: the same run's summary never shows twice on a device. */
export function runSummaryMessage(runId: string, notifications: readonly Notification[]): PushMessage | null {
  const body = runSummaryText(notifications);
  if (body === null) return null;
  return { title: PUSH_TITLE, body, url: urlOf(notifications), tag: `run-${runId}` };
}

import { centsToDollars, FREE_PREDICTIONS_PER_MONTH, type PushMessage } from '@stockseer/contract';

/**
 * The one push a user gets per maintenance run (docs/product.md#web-push): what the run's notifications say, summed
 * up in a sentence ("3 forecasts resolved: 2 hits, $2.00 charged; 1 miss, $1.00 released"), never one push each.
 */

/** A notification the run wrote, as far as its summary reads it: what happened, and the money it moved. */
export interface RunNotification {
  kind: string;
  amountCents: number | null;
}

export const PUSH_TITLE = 'StockSeer';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const money = (cents: number) => `$${centsToDollars(cents)}`;

/** `2 hits, $2.00 charged`; a free forecast moved no money: `1 hit (free)`. */
function outcomePart(count: number, cents: number, [one, many]: [string, string], moved: string): string | null {
  if (count === 0) return null;
  const outcomes = plural(count, one, many);
  return cents > 0 ? `${outcomes}, ${money(cents)} ${moved}` : `${outcomes} (free)`;
}

/** The summary's sentence; null when the run wrote nothing this user is told about. */
export function runSummaryText(notifications: readonly RunNotification[]): string | null {
  const sum = (kind: string) => {
    const of = notifications.filter((n) => n.kind === kind);
    return { count: of.length, cents: of.reduce((total, n) => total + (n.amountCents ?? 0), 0) };
  };
  const hits = sum('prediction.hit');
  const misses = sum('prediction.miss');
  const renewed = sum('allowance.renewed').count > 0;
  const sentences: string[] = [];
  const resolved = hits.count + misses.count;
  if (resolved > 0) {
    const parts = [
      outcomePart(hits.count, hits.cents, ['hit', 'hits'], 'charged'),
      outcomePart(misses.count, misses.cents, ['miss', 'misses'], 'released'),
    ].filter((part) => part !== null);
    sentences.push(`${plural(resolved, 'forecast', 'forecasts')} resolved: ${parts.join('; ')}`);
  }
  if (renewed) sentences.push(`Your ${FREE_PREDICTIONS_PER_MONTH} free predictions are renewed`);
  return sentences.length === 0 ? null : sentences.join('. ');
}

/**
 * The push of a run's summary: it opens History when forecasts resolved (the Wallet for a renewal alone), and carries
 * the run in its tag, so that the same run's summary never shows twice on a device.
 */
export function runSummaryMessage(runId: string, notifications: readonly RunNotification[]): PushMessage | null {
  const body = runSummaryText(notifications);
  if (body === null) return null;
  const resolved = notifications.some((n) => n.kind.startsWith('prediction.'));
  return { title: PUSH_TITLE, body, url: resolved ? '/history' : '/wallet', tag: `run-${runId}` };
}

import { setTimeout as sleep } from 'node:timers/promises';
import { invalidRequest, noSuchObject } from './errors';
import { newId, unixSeconds } from './ids';
import { stripeSignatureHeader } from './signature';

/** Stripe's Event object, as posted to webhook endpoints. */
export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string | null;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string; idempotency_key: string | null };
  type: string;
}

export interface DeliveryResult {
  event: string;
  delivered: boolean;
  status?: number;
  error?: string;
}

export interface WebhookOptions {
  url: string | undefined;
  secret: string;
  /** Pauses before each retry of a failed delivery; their count bounds the attempts. */
  retryDelaysMs: readonly number[];
  log: (line: string) => void;
}

// An endpoint that hangs must not hold a delivery (or the sandbox's shutdown) for long.
const attemptTimeoutMs = 10_000;

/**
 * Events and their delivery to the one webhook endpoint, the way Stripe delivers: signed with the endpoint secret,
 * retried with backoff until a 2xx, and redeliverable on demand (the Dashboard's "Resend"), which is how tests replay.
 */
export class Webhooks {
  private readonly events: StripeEvent[] = [];
  private readonly stopping = new AbortController();

  constructor(private readonly options: WebhookOptions) {}

  /** Records the event and delivers it in the background, after the API response that caused it. */
  publish(type: string, object: unknown, request: StripeEvent['request'], apiVersion: string | null): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: apiVersion,
      created: unixSeconds(),
      data: { object },
      livemode: false,
      pending_webhooks: this.options.url === undefined ? 0 : 1,
      request,
      type,
    };
    this.events.push(event);
    setImmediate(() => void this.deliverWithRetries(event));
    return event;
  }

  /** Newest first, like Stripe's list endpoints; `pending_webhooks` drops to 0 once the endpoint took the event. */
  list(): StripeEvent[] {
    return [...this.events].reverse();
  }

  /** One delivery attempt now, with a fresh signature; the result tells how the endpoint answered. */
  async resend(id: string): Promise<DeliveryResult> {
    const event = this.events.find((candidate) => candidate.id === id);
    if (event === undefined) throw noSuchObject('event', id, 'id');
    if (this.options.url === undefined) {
      throw invalidRequest('The Stripe sandbox has no webhook URL to deliver to (set STRIPE_WEBHOOK_URL).');
    }
    return this.deliver(event, this.options.url);
  }

  /** Cancels pending retries and deliveries in flight, so that a closed sandbox leaves no timers or sockets behind. */
  close(): void {
    this.stopping.abort();
  }

  private async deliverWithRetries(event: StripeEvent): Promise<void> {
    const { url, retryDelaysMs } = this.options;
    if (url === undefined) return;
    for (let attempt = 0; !this.stopping.signal.aborted; attempt += 1) {
      if ((await this.deliver(event, url)).delivered) return;
      const delay = retryDelaysMs[attempt];
      if (delay === undefined) {
        this.options.log(`webhook ${event.type} ${event.id}: gave up after ${attempt + 1} attempts`);
        return;
      }
      await sleep(delay, undefined, { signal: this.stopping.signal }).catch(() => undefined);
    }
  }

  private async deliver(event: StripeEvent, url: string): Promise<DeliveryResult> {
    const payload = JSON.stringify(event, null, 2);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': stripeSignatureHeader(payload, this.options.secret, unixSeconds()),
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(attemptTimeoutMs)]),
      });
      await response.body?.cancel();
      if (response.ok) event.pending_webhooks = 0;
      this.options.log(`webhook ${event.type} ${event.id} → ${response.status}`);
      return { event: event.id, delivered: response.ok, status: response.status };
    } catch (error) {
      const reason = describe(error);
      this.options.log(`webhook ${event.type} ${event.id} failed: ${reason}`);
      return { event: event.id, delivered: false, error: reason };
    }
  }
}

// fetch reports "fetch failed" and hides the useful part (ECONNREFUSED, timeout) in `cause`.
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

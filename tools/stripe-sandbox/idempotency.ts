import { invalidRequest, StripeApiError } from './errors';
import type { Reply } from './http';

interface SavedReply {
  fingerprint: string;
  reply: Reply;
}

/**
 * Stripe's idempotency layer: a POST repeated with the same `Idempotency-Key` gets the first reply again (same object,
 * same id) without running twice; the same key with other parameters is refused with `idempotency_error`.
 * The sandbox has one account, so keys are not scoped further; they live as long as the process.
 */
export class IdempotencyKeys {
  private readonly saved = new Map<string, SavedReply>();
  private readonly inFlight = new Set<string>();

  /** Runs `execute` once per key, or replays its saved reply; throws when the key was used for another request. */
  async run(key: string, fingerprint: string, execute: () => Promise<Reply>): Promise<Reply> {
    const saved = this.saved.get(key);
    if (saved !== undefined) {
      if (saved.fingerprint !== fingerprint) {
        throw new StripeApiError(400, {
          type: 'idempotency_error',
          message:
            `Keys for idempotent requests can only be used with the same parameters they were first used with. ` +
            `Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      return { ...saved.reply, replayed: true };
    }
    // A 409 tells the SDK to retry a little later, when the first request's reply is saved.
    if (this.inFlight.has(key)) {
      throw invalidRequest(
        `There is currently another in-progress request using this Idempotency Key (that probably means you ` +
          `submitted twice, and the other request is still going through): ${key}. Please try again later.`,
        { code: 'idempotency_key_in_use' },
        409,
      );
    }
    this.inFlight.add(key);
    try {
      const reply = await execute();
      // Stripe saves a result only once the endpoint has started to run: successes and card declines (402) are
      // replayed, but a request refused by validation may be retried with the same key after it is fixed.
      if (reply.status < 400 || reply.status === 402) this.saved.set(key, { fingerprint, reply });
      return reply;
    } finally {
      this.inFlight.delete(key);
    }
  }
}

/** What makes two requests "the same": method, path and parameters, in any order. */
export function requestFingerprint(method: string, path: string, body: string): string {
  const params = [...new URLSearchParams(body)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([method, path, params]);
}

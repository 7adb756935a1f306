/** The `error` object of a Stripe API error response; the SDK turns its `type` into StripeCardError and friends. */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
}

/** Thrown anywhere in the sandbox; the HTTP layer answers `{ error: body }` with `status`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export function invalidRequest(message: string, details: { code?: string; param?: string } = {}, status = 400) {
  return new StripeApiError(status, { type: 'invalid_request_error', message, ...details, ...docUrl(details.code) });
}

export function noSuchObject(kind: string, id: string, param: string): StripeApiError {
  return invalidRequest(`No such ${kind}: '${id}'`, { code: 'resource_missing', param }, 404);
}

// Stripe links every coded error to its page; SDK users log `doc_url`, so keep it.
export function docUrl(code: string | undefined): { doc_url?: string } {
  return code ? { doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}` } : {};
}

import type { StripeApiError } from './errors';
import { invalidRequest } from './errors';
import type { PaymentIntent } from './payment-intents';
import { required } from './params';

/** A secret key (`sk_test_…`, our functions) or a publishable key (`pk_test_…`, the browser's card form). */
export type Caller = 'secret' | 'publishable';

/**
 * The sandbox has one account, so any test key is accepted. Keys come as Bearer (the SDK), as Basic user name
 * (`curl -u sk_test_…:`), or, for the browser, as a `key` parameter, which Stripe.js uses to skip a CORS preflight.
 */
export function authenticate(authorization: string | undefined, keyParam: string | undefined): Caller {
  const key = keyFromHeader(authorization) ?? keyParam;
  if (key === undefined || key === '') {
    throw unauthorized(
      'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer ' +
        "auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (key.startsWith('sk_test_')) return 'secret';
  if (key.startsWith('pk_test_')) return 'publishable';
  throw unauthorized(
    `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
  );
}

export function publishableKeyRefused(): StripeApiError {
  return unauthorized(
    'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of ' +
      'your API keys at https://dashboard.stripe.com/account/apikeys.',
  );
}

/** A publishable key reaches an intent only together with that intent's client secret. */
export function requireClientSecret(intent: PaymentIntent, clientSecret: string | undefined): void {
  if (required(clientSecret, 'client_secret') !== intent.client_secret) {
    throw invalidRequest(
      'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
      { param: 'client_secret' },
    );
  }
}

function keyFromHeader(authorization: string | undefined): string | undefined {
  const [scheme, credentials] = authorization?.split(' ') ?? [];
  if (scheme === 'Bearer') return credentials;
  if (scheme === 'Basic' && credentials) return Buffer.from(credentials, 'base64').toString('utf8').split(':')[0];
  return undefined;
}

function unauthorized(message: string): StripeApiError {
  return invalidRequest(message, {}, 401);
}

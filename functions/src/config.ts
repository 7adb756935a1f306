/**
 * Every setting of a deployment, declared once as a Firebase param: the secrets in Cloud Secret Manager (`firebase
 * functions:secrets:set NAME`), the rest typed and described, from functions/.env.<project-id> (the first `firebase
 * deploy` asks for each one and saves the answers there). The local stack writes its own values at start
 * (tools/stack/functionsConfig.ts). Values are read at first use, in a request or a job, never at load: the deploy's
 * analysis of the code loads this module without them. The pure parsers the adapters already have validate them.
 */
import {
  defineInt,
  defineSecret,
  defineString,
  select,
  type IntParam,
  type SecretParam,
  type StringParam,
} from 'firebase-functions/params';
import { MarketDataSource } from '@stockseer/contract';
import { DEFAULT_RATE_LIMITS, MAX_RATE_LIMIT, type RateLimit, type RateLimits } from './domain/rateLimit';
import { chosenSource, DEFAULT_MASSIVE_BASE_URL } from './adapters/market-data/select';
import { providerBudgetFromEnv, RATE_LIMIT_ENV, rateLimitsFromEnv } from './adapters/rateLimitsFromEnv';
import { stripeSettingsFrom, type StripeSettings } from './adapters/stripe/client';
import { allowedOrigins as allowedOriginsFrom } from './adapters/allowedOriginsFromEnv';
import { DEFAULT_TRUSTED_PROXY_HOPS, trustedProxyHopsFrom } from './adapters/trustedProxyHopsFromEnv';
import { vapidKeysFrom, type VapidKeys } from './adapters/push/vapid';
import { COURTESY_CREDIT_CAP_ENV, courtesyCreditCapsFromEnv } from './adapters/courtesyCreditCapsFromEnv';
import { DEFAULT_COURTESY_CREDIT_CAPS, type CourtesyCreditCaps } from './domain/ledger';

export const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY', {
  description: "Stripe's secret API key (sk_live_... or sk_test_...).",
});
export const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET', {
  description:
    'The signing secret (whsec_...) of the Stripe webhook endpoint https://<your site>/api/payments/webhook.',
});
export const MASSIVE_API_KEY = defineSecret('MASSIVE_API_KEY', {
  description: 'The Massive (formerly Polygon.io) REST API key, used when MARKET_DATA_PROVIDER is massive.',
});

export const VAPID_PRIVATE_KEY = defineSecret('VAPID_PRIVATE_KEY', {
  description:
    'The private key of the Web Push VAPID pair whose public key is VAPID_PUBLIC_KEY (npx web-push generate-vapid-keys).',
});

/**
 * The secrets each function is given: the API takes payments and reads market data; maintenance reads market data,
 * lists Stripe's money for the nightly audit of the books (the Stripe settings are read as one, webhook secret
 * included) and signs the run's Web Push summaries.
 */
export const API_SECRETS: SecretParam[] = [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, MASSIVE_API_KEY];
export const MAINTENANCE_SECRETS: SecretParam[] = [
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  MASSIVE_API_KEY,
  VAPID_PRIVATE_KEY,
];
export const SECRETS: SecretParam[] = [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, MASSIVE_API_KEY, VAPID_PRIVATE_KEY];

const PER_MINUTE_INPUT = {
  text: {
    validationRegex: /^[1-9]\d{0,4}$/,
    validationErrorMessage: `A whole number from 1 to ${MAX_RATE_LIMIT}.`,
  },
};

/** What the limits of the web app's error reports count (the others count one user's requests). */
const CLIENT_ERROR_LIMITS: Partial<Record<string, string>> = {
  'clientErrors.report': 'Web app error reports per minute from one browser; over it the API answers 429.',
  'clientErrors.edge':
    'Web app error reports per minute through one address the front end received them from (a caller, or a ' +
    'Firebase Hosting edge many browsers share); over it the API answers 429.',
  'clientErrors.all': 'Web app error reports per minute from every caller together; over it the API answers 429.',
};

/** The params that are not secrets, each with the default a deploy offers. */
export const PARAMS: (StringParam | IntParam)[] = [
  defineString('MARKET_DATA_PROVIDER', {
    default: 'massive',
    description: 'Where prices come from: massive (production), csv (a folder of files) or demo (simulated prices).',
    input: select([...MarketDataSource.options]),
  }),
  defineString('MASSIVE_BASE_URL', {
    default: DEFAULT_MASSIVE_BASE_URL,
    description: "The Massive REST API's address.",
  }),
  defineInt('MARKET_DATA_PROVIDER_CALLS_PER_MINUTE', {
    default: 0,
    description:
      "Every user's calls to the market data provider together, per minute. 0: the provider's default (5 for " +
      'massive, its free tier; none for csv and demo).',
  }),
  ...Object.entries(RATE_LIMIT_ENV).map(([action, name]) =>
    defineInt(name, {
      default: DEFAULT_RATE_LIMITS[action as keyof RateLimits].limit,
      description:
        CLIENT_ERROR_LIMITS[action] ?? `Requests per user per minute for ${action}; over it the API answers 429.`,
      input: PER_MINUTE_INPUT,
    }),
  ),
  defineInt(COURTESY_CREDIT_CAP_ENV.perCreditCents, {
    default: DEFAULT_COURTESY_CREDIT_CAPS.perCreditCents,
    description: 'The largest courtesy credit an admin can give, in cents; above it the API answers 409.',
  }),
  defineInt(COURTESY_CREDIT_CAP_ENV.per30DaysCents, {
    default: DEFAULT_COURTESY_CREDIT_CAPS.per30DaysCents,
    description:
      'The most courtesy credit one customer can get in any 30 days, in cents; a credit above what is left is 409.',
  }),
  defineString('STOCKSEER_ALLOWED_ORIGINS', {
    default: '',
    description:
      "Browser origins other than the app's own that may call the API, comma-separated (empty: none; the app " +
      'calls it from its own origin through Hosting).',
  }),
  defineInt('TRUSTED_PROXY_HOPS', {
    default: DEFAULT_TRUSTED_PROXY_HOPS,
    description:
      'Proxies in front of the API that append the address they received a request from to X-Forwarded-For ' +
      "(1: Cloud Functions' front end). Web app error reports are limited per address the first of them appended, " +
      'and per browser behind it.',
    input: { text: { validationRegex: /^[0-5]$/, validationErrorMessage: 'A whole number from 0 to 5.' } },
  }),
  defineString('TASKS_SERVICE_ACCOUNT', {
    description:
      'The service account Cloud Tasks calls the maintenanceShard function as, e.g. ' +
      '123456789012-compute@developer.gserviceaccount.com.',
    input: { text: { validationRegex: /^[^@\s]+@[^@\s]+$/, validationErrorMessage: 'A service account e-mail.' } },
  }),
  defineString('STRIPE_API_URL', {
    default: '',
    description: 'Leave empty for Stripe itself. Only the local stack sets it, to its Stripe sandbox.',
  }),
  defineString('VAPID_PUBLIC_KEY', {
    description:
      'The public key of the Web Push VAPID pair (npx web-push generate-vapid-keys); its private key is the secret ' +
      'VAPID_PRIVATE_KEY. Browsers subscribe with it: a new pair ends every subscription made with the old one.',
  }),
  defineString('VAPID_SUBJECT', {
    description:
      'Who push services can contact about our pushes: a mailto: address or an https: URL, e.g. mailto:ops@example.com.',
    input: {
      text: {
        validationRegex: /^(mailto:\S+@\S+|https:\/\/\S+)$/,
        validationErrorMessage: 'A mailto: address or an https: URL.',
      },
    },
  }),
];

/** Setting values by name, as the parsers take them: the params' here, the environment in tools and tests. */
export type Settings = Readonly<Record<string, string | undefined>>;

/** The params' values by name. Settings only the local stack has (MARKET_DATA_DIR, STOCKSEER_TODAY) are not params. */
export function paramValues(): Record<string, string | undefined> {
  return Object.fromEntries(PARAMS.map((param) => [param.name, String(param.value())]));
}

/**
 * The typed settings of the params' values by name (a provider budget of 0: the provider's default); a value that
 * cannot work throws, naming its setting. The local stack checks its own values with it before it starts.
 */
export function settingsFrom(values: Settings) {
  const budget = values.MARKET_DATA_PROVIDER_CALLS_PER_MINUTE;
  const checked = { ...values, MARKET_DATA_PROVIDER_CALLS_PER_MINUTE: budget === '0' ? undefined : budget };
  return {
    marketDataSource: chosenSource(checked),
    rateLimits: rateLimitsFromEnv(checked),
    providerBudget: providerBudgetFromEnv(checked),
    allowedOrigins: allowedOriginsFrom(checked),
    trustedProxyHops: trustedProxyHopsFrom(checked),
    courtesyCreditCaps: courtesyCreditCapsFromEnv(checked),
  };
}

/** A secret's value; a missing one fails with its name and how to set it. */
export function requiredSecret(secret: Pick<SecretParam, 'name' | 'value'>): string {
  const value = secret.value();
  if (!value) {
    throw new Error(
      `The secret ${secret.name} is not set: \`firebase functions:secrets:set ${secret.name}\` (the local stack: ` +
        'functions/.secret.local, which it writes at start)',
    );
  }
  return value;
}

/** A param that has no default; a missing one fails with its name and where to set it. */
function requiredParam(param: StringParam): string {
  const value = param.value();
  if (!value) throw new Error(`${param.name} is not set: add it to functions/.env.<project-id>`);
  return value;
}

const param = (name: string): StringParam => {
  const found = PARAMS.find((p) => p.name === name);
  if (!found) throw new Error(`No param ${name}`);
  return found as StringParam;
};

export const rateLimits = (): RateLimits => settingsFrom(paramValues()).rateLimits;
export const providerBudget = (): RateLimit | null => settingsFrom(paramValues()).providerBudget;
export const allowedOrigins = (): string[] => settingsFrom(paramValues()).allowedOrigins;
export const trustedProxyHops = (): number => settingsFrom(paramValues()).trustedProxyHops;
export const courtesyCreditCaps = (): CourtesyCreditCaps => settingsFrom(paramValues()).courtesyCreditCaps;
export const tasksServiceAccount = (): string => requiredParam(param('TASKS_SERVICE_ACCOUNT'));

/**
 * The market data provider's settings: the params, Massive's key only when it is used, and the csv provider's
 * folder, a local-only setting that the local stack passes in the environment (as STOCKSEER_TODAY).
 */
export function marketDataSettings(): Settings {
  const values = { ...paramValues(), MARKET_DATA_DIR: process.env.MARKET_DATA_DIR };
  if (chosenSource(values) !== 'massive') return values;
  return { ...values, MASSIVE_API_KEY: requiredSecret(MASSIVE_API_KEY) };
}

/** The VAPID keys that sign Web Push; a missing or bad one fails with its name (at the first push, never at load). */
export function vapidKeys(): VapidKeys {
  return vapidKeysFrom({
    VAPID_PUBLIC_KEY: requiredParam(param('VAPID_PUBLIC_KEY')),
    VAPID_SUBJECT: requiredParam(param('VAPID_SUBJECT')),
    VAPID_PRIVATE_KEY: requiredSecret(VAPID_PRIVATE_KEY),
  });
}

/** The VAPID public key alone: the API hands it to browsers, and has no use for the private key. */
export const vapidPublicKey = (): string => requiredParam(param('VAPID_PUBLIC_KEY'));

/** Stripe's settings; undefined when its secrets are empty, so that payments answer 503 and the rest still works. */
export function stripeSettings(): StripeSettings | undefined {
  return stripeSettingsFrom({
    STRIPE_SECRET_KEY: STRIPE_SECRET_KEY.value(),
    STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET.value(),
    STRIPE_API_URL: param('STRIPE_API_URL').value(),
  });
}

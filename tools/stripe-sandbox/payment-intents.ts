import { docUrl, invalidRequest, noSuchObject, StripeApiError, type StripeErrorBody } from './errors';
import type { FormObject } from './form';
import { newClientSecret, newId, unixSeconds } from './ids';
import {
  readBoolean,
  readInteger,
  readMetadata,
  readObject,
  readString,
  readStringList,
  rejectUnknownParams,
  required,
} from './params';
import { cardFromDetails, cardFromPaymentMethod, type TestCard } from './test-cards';

/** The part of Stripe's PaymentIntent that the sandbox models, field for field as Stripe returns it. */
export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  allowed_payment_method_types: string[] | null;
  automatic_payment_methods: { enabled: boolean } | null;
  canceled_at: number | null;
  cancellation_reason: CancellationReason | null;
  capture_method: 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: StripeErrorBody | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';
}

const cancellationReasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const;
type CancellationReason = (typeof cancellationReasons)[number];

interface CardPaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string };
  created: number;
  livemode: false;
}

interface AttachedCard {
  paymentMethod: CardPaymentMethod;
  card: TestCard;
}

interface IntentRecord {
  intent: PaymentIntent;
  attached: AttachedCard | undefined;
}

const createParams = [
  'amount',
  'currency',
  'metadata',
  'description',
  'receipt_email',
  'automatic_payment_methods',
  'allowed_payment_method_types',
  'payment_method_types',
  'payment_method',
  'payment_method_data',
  'confirm',
  'return_url',
];
const confirmParams = ['payment_method', 'payment_method_data', 'return_url'];
/** Stripe cancels only an intent that has not been paid nor canceled (of the statuses the sandbox models). */
const cancelableStatuses: readonly PaymentIntent['status'][] = ['requires_payment_method', 'requires_confirmation'];

// Stripe's limits for USD, applied to every currency: the wallet only charges dollars.
const minimumAmount = 50;
const maximumAmount = 99_999_999;

/**
 * PaymentIntents in memory. An intent moves requires_payment_method → (requires_confirmation) → succeeded; a declined
 * card sends it back to requires_payment_method with `last_payment_error`, as Stripe does. Callers get copies, so a
 * response or webhook keeps the state of its moment.
 */
export class PaymentIntents {
  private readonly records = new Map<string, IntentRecord>();

  create(form: FormObject): PaymentIntent {
    rejectUnknownParams(form, createParams);
    const amount = required(readInteger(form.amount, 'amount'), 'amount');
    if (amount < minimumAmount) {
      throw invalidRequest('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
    }
    if (amount > maximumAmount) {
      throw invalidRequest('Amount must be no more than $999,999.99', { code: 'amount_too_large', param: 'amount' });
    }
    const currency = required(readString(form.currency, 'currency'), 'currency').toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, { param: 'currency' });
    // stripe@23 (API 2026-10-28) sends `allowed_payment_method_types`; older API versions `payment_method_types`.
    const typesParam = 'allowed_payment_method_types' in form ? 'allowed_payment_method_types' : 'payment_method_types';
    const paymentMethodTypes = readStringList(form[typesParam], typesParam);
    const unsupportedType = paymentMethodTypes?.find((type) => type !== 'card');
    if (unsupportedType !== undefined) throw onlyCards(unsupportedType, typesParam);
    const automatic = readObject(form.automatic_payment_methods, 'automatic_payment_methods');
    const automaticEnabled = readBoolean(automatic?.enabled, 'automatic_payment_methods[enabled]');
    const confirm = readBoolean(form.confirm, 'confirm') ?? false;
    const attached = attachedCardFrom(form);
    if (confirm && attached === undefined) throw invalidRequest(missingPaymentMethod, { param: 'payment_method' });

    const id = newId('pi');
    const intent: PaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      allowed_payment_method_types: paymentMethodTypes ?? null,
      // Since API version 2023-08-16 Stripe enables automatic payment methods unless types are listed.
      automatic_payment_methods: paymentMethodTypes ? null : { enabled: automaticEnabled ?? true },
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      client_secret: newClientSecret(id),
      confirmation_method: 'automatic',
      created: unixSeconds(),
      currency,
      description: readString(form.description, 'description') ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: readMetadata(form.metadata),
      next_action: null,
      payment_method: attached?.paymentMethod.id ?? null,
      payment_method_types: paymentMethodTypes ?? ['card'],
      receipt_email: readString(form.receipt_email, 'receipt_email') ?? null,
      status: attached ? 'requires_confirmation' : 'requires_payment_method',
    };
    const record = { intent, attached };
    this.records.set(id, record);
    return confirm ? charge(record) : structuredClone(intent);
  }

  /** Every PaymentIntent, newest first (`GET /v1/payment_intents` pages through them: lists.ts). */
  list(): PaymentIntent[] {
    return [...this.records.values()].map((record) => structuredClone(record.intent)).reverse();
  }

  retrieve(id: string): PaymentIntent {
    return structuredClone(this.record(id).intent);
  }

  /** Charges the card given now or attached at creation; throws Stripe's card error (402) when it is declined. */
  confirm(id: string, form: FormObject): PaymentIntent {
    const record = this.record(id);
    rejectUnknownParams(form, confirmParams);
    if (record.intent.status === 'succeeded') {
      throw unexpectedState(
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        record.intent,
      );
    }
    if (record.intent.status === 'canceled') {
      throw unexpectedState(
        'You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one ' +
          'of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.',
        record.intent,
      );
    }
    record.attached = attachedCardFrom(form) ?? record.attached;
    if (record.attached === undefined) throw unexpectedState(missingPaymentMethod, record.intent);
    return charge(record);
  }

  /**
   * `POST /v1/payment_intents/{id}/cancel`: an intent not yet paid can never be paid once canceled. A succeeded or
   * canceled one is refused, as Stripe refuses it (400 `payment_intent_unexpected_state`).
   */
  cancel(id: string, form: FormObject): PaymentIntent {
    const record = this.record(id);
    rejectUnknownParams(form, ['cancellation_reason']);
    const reason = readString(form.cancellation_reason, 'cancellation_reason') ?? null;
    if (reason !== null && !(cancellationReasons as readonly string[]).includes(reason)) {
      throw invalidRequest(`Invalid cancellation_reason: must be one of ${cancellationReasons.join(', ')}`, {
        param: 'cancellation_reason',
      });
    }
    if (!cancelableStatuses.includes(record.intent.status)) {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${record.intent.status}. Only a ` +
          'PaymentIntent with one of the following statuses may be canceled: requires_payment_method, ' +
          'requires_capture, requires_confirmation, requires_action, processing.',
        record.intent,
      );
    }
    Object.assign(record.intent, {
      status: 'canceled',
      canceled_at: unixSeconds(),
      cancellation_reason: reason as CancellationReason | null,
    });
    record.attached = undefined;
    return structuredClone(record.intent);
  }

  /** The test card that paid a succeeded intent (some, like 4000 0000 0000 0259, do more than pay). */
  paidWith(id: string): TestCard | undefined {
    const record = this.record(id);
    return record.intent.status === 'succeeded' ? record.attached?.card : undefined;
  }

  private record(id: string): IntentRecord {
    const record = this.records.get(id);
    if (record === undefined) throw noSuchObject('payment_intent', id, 'intent');
    return record;
  }
}

const missingPaymentMethod =
  "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the " +
  'PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.';

function charge(record: IntentRecord): PaymentIntent {
  const { intent, attached } = record;
  if (attached === undefined) throw new Error('invariant: a PaymentIntent is charged only with a card attached');
  const chargeId = newId('ch');
  intent.latest_charge = chargeId;
  const failure = attached.card.failure;
  if (failure !== undefined) {
    const error: StripeErrorBody = {
      type: 'card_error',
      ...failure,
      ...docUrl(failure.code),
      charge: chargeId,
      payment_method: attached.paymentMethod,
    };
    // A declined card is detached: the customer must bring another one.
    Object.assign(intent, { status: 'requires_payment_method', payment_method: null, last_payment_error: error });
    record.attached = undefined;
    throw new StripeApiError(402, { ...error, payment_intent: structuredClone(intent) });
  }
  Object.assign(intent, {
    status: 'succeeded',
    amount_received: intent.amount,
    payment_method: attached.paymentMethod.id,
    last_payment_error: null,
  });
  return structuredClone(intent);
}

/** The card named by `payment_method` (a test PaymentMethod id) or given raw in `payment_method_data[card]`. */
function attachedCardFrom(form: FormObject): AttachedCard | undefined {
  const paymentMethodId = readString(form.payment_method, 'payment_method');
  const data = readObject(form.payment_method_data, 'payment_method_data');
  if (paymentMethodId !== undefined && data !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: payment_method, payment_method_data.', {
      param: 'payment_method_data',
    });
  }
  if (paymentMethodId !== undefined) {
    const card = cardFromPaymentMethod(paymentMethodId);
    if (card === undefined) {
      throw invalidRequest(`No such PaymentMethod: '${paymentMethodId}'`, {
        code: 'resource_missing',
        param: 'payment_method',
      });
    }
    return attach(card);
  }
  if (data === undefined) return undefined;
  const type = required(readString(data.type, 'payment_method_data[type]'), 'payment_method_data[type]');
  if (type !== 'card') throw onlyCards(type, 'payment_method_data[type]');
  const card = required(readObject(data.card, 'payment_method_data[card]'), 'payment_method_data[card]');
  const param = (name: string) => `payment_method_data[card][${name}]`;
  return attach(
    cardFromDetails({
      number: required(readString(card.number, param('number')), param('number')),
      expMonth: readInteger(card.exp_month, param('exp_month')),
      expYear: readInteger(card.exp_year, param('exp_year')),
      cvc: readString(card.cvc, param('cvc')),
    }),
  );
}

function attach(card: TestCard): AttachedCard {
  const paymentMethod: CardPaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    card: { brand: card.brand, last4: card.last4 },
    created: unixSeconds(),
    livemode: false,
  };
  return { paymentMethod, card };
}

function onlyCards(type: string, param: string): StripeApiError {
  return invalidRequest(`The Stripe sandbox supports only card payments, not "${type}".`, { param });
}

function unexpectedState(message: string, intent: PaymentIntent): StripeApiError {
  const code = 'payment_intent_unexpected_state';
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    code,
    ...docUrl(code),
    payment_intent: structuredClone(intent),
  });
}

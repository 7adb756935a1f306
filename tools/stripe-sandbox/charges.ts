import { invalidRequest, noSuchObject } from './errors';
import type { FormObject } from './form';
import { newId, unixSeconds } from './ids';
import { readInteger, readMetadata, readString, rejectUnknownParams } from './params';
import type { PaymentIntent } from './payment-intents';

/** The part of Stripe's Charge the sandbox models: what refunds and disputes change. */
export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: true;
  created: number;
  currency: string;
  disputed: boolean;
  livemode: false;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded';
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  /** `pending` until settled (a card whose refunds are pending), then `succeeded` or `failed`. */
  status: 'pending' | 'succeeded' | 'failed';
}

export type DisputeStatus = 'needs_response' | 'won' | 'lost';

export interface Dispute {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  is_charge_refundable: false;
  livemode: false;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: 'fraudulent';
  status: DisputeStatus;
}

const refundParams = ['payment_intent', 'charge', 'amount', 'reason', 'metadata'];
const refundReasons = ['duplicate', 'fraudulent', 'requested_by_customer'];

/**
 * The charges of succeeded PaymentIntents, with their refunds and disputes. A refund (`POST /v1/refunds`) gives back
 * part or all of what is left of a charge; a dispute is opened and decided through the sandbox's own controls, as a
 * bank would, since Stripe's API has no call for that. Callers get copies, so each event keeps its moment's state.
 */
export class Charges {
  private readonly charges = new Map<string, Charge>();
  private readonly refunds: Refund[] = [];
  private readonly disputes = new Map<string, Dispute>();
  /** Charges whose refunds start pending (Stripe's test card 4000 0000 0000 7726). */
  private readonly refundsPending = new Set<string>();

  /** The charge of an intent that just succeeded; `refundsPending`: its refunds wait to be settled. */
  record(intent: PaymentIntent, { refundsPending = false } = {}): Charge {
    if (intent.status !== 'succeeded' || intent.latest_charge === null) {
      throw new Error(`invariant: only a succeeded PaymentIntent has a charge (${intent.id} is ${intent.status})`);
    }
    const charge: Charge = {
      id: intent.latest_charge,
      object: 'charge',
      amount: intent.amount_received,
      amount_captured: intent.amount_received,
      amount_refunded: 0,
      captured: true,
      created: unixSeconds(),
      currency: intent.currency,
      disputed: false,
      livemode: false,
      metadata: { ...intent.metadata },
      paid: true,
      payment_intent: intent.id,
      refunded: false,
      status: 'succeeded',
    };
    this.charges.set(charge.id, charge);
    if (refundsPending) this.refundsPending.add(charge.id);
    return structuredClone(charge);
  }

  /** `POST /v1/refunds`: by `payment_intent` or `charge`; without `amount`, all that is left. */
  refund(form: FormObject): { refund: Refund; charge: Charge } {
    rejectUnknownParams(form, refundParams);
    const charge = this.chargeNamedIn(form);
    if (charge.disputed) {
      throw invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, {
        code: 'charge_disputed',
      });
    }
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) {
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    }
    const amount = readInteger(form.amount, 'amount') ?? left;
    if (amount <= 0) throw invalidRequest('Refund amount must be positive.', { param: 'amount' });
    if (amount > left) {
      throw invalidRequest(
        `Refund amount ($${dollars(amount)}) is greater than unrefunded amount on charge ($${dollars(left)})`,
        { param: 'amount' },
      );
    }
    const reason = readString(form.reason, 'reason') ?? null;
    if (reason !== null && !refundReasons.includes(reason)) {
      throw invalidRequest(`Invalid reason: must be one of ${refundReasons.join(', ')}`, { param: 'reason' });
    }
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: unixSeconds(),
      currency: charge.currency,
      metadata: readMetadata(form.metadata),
      payment_intent: charge.payment_intent,
      reason,
      status: this.refundsPending.has(charge.id) ? 'pending' : 'succeeded',
    };
    this.refunds.push(refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return { refund: structuredClone(refund), charge: structuredClone(charge) };
  }

  /**
   * The bank's answer to a pending refund: `outcome` is `succeeded` or `failed` (the money returns to the charge's
   * refundable amount, as on Stripe). Once only.
   */
  settleRefund(refundId: string, form: FormObject): Refund {
    rejectUnknownParams(form, ['outcome']);
    const refund = this.refunds.find((candidate) => candidate.id === refundId);
    if (refund === undefined) throw noSuchObject('refund', refundId, 'refund');
    const outcome = readString(form.outcome, 'outcome');
    if (outcome !== 'succeeded' && outcome !== 'failed') {
      throw invalidRequest('outcome must be "succeeded" or "failed".', { param: 'outcome' });
    }
    if (refund.status !== 'pending') throw invalidRequest(`Refund ${refundId} is already ${refund.status}.`);
    refund.status = outcome;
    if (outcome === 'failed') {
      const charge = this.charges.get(refund.charge)!;
      charge.amount_refunded -= refund.amount;
      charge.refunded = false;
    }
    return structuredClone(refund);
  }

  /** `GET /v1/refunds`, newest first, optionally of one `payment_intent` or `charge` (pages: lists.ts). */
  listRefunds(form: FormObject): Refund[] {
    return structuredClone(newestFirst(this.refunds.filter(matching(form))));
  }

  /**
   * The customer's bank disputes a charge (what Stripe's test card 4000 0000 0000 0259 does by itself): for `amount`
   * cents, by default all that was not refunded. One dispute per charge, as on Stripe.
   */
  openDispute(paymentIntentId: string, form: FormObject): { dispute: Dispute; charge: Charge } {
    rejectUnknownParams(form, ['amount']);
    const charge = this.chargeOf(paymentIntentId);
    if (charge.disputed) throw invalidRequest(`Charge ${charge.id} is already disputed.`, { code: 'charge_disputed' });
    const left = charge.amount - charge.amount_refunded;
    const amount = readInteger(form.amount, 'amount') ?? left;
    if (amount <= 0 || amount > left) {
      throw invalidRequest(`A dispute of ${charge.id} must be for 1 to ${left} cents.`, { param: 'amount' });
    }
    const dispute: Dispute = {
      id: newId('dp'),
      object: 'dispute',
      amount,
      charge: charge.id,
      created: unixSeconds(),
      currency: charge.currency,
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: charge.payment_intent,
      reason: 'fraudulent',
      status: 'needs_response',
    };
    this.disputes.set(dispute.id, dispute);
    charge.disputed = true;
    return { dispute: structuredClone(dispute), charge: structuredClone(charge) };
  }

  /** The bank's decision: `outcome` is `won` (the money comes back to the merchant) or `lost`. Once only. */
  closeDispute(disputeId: string, form: FormObject): Dispute {
    rejectUnknownParams(form, ['outcome']);
    const dispute = this.dispute(disputeId);
    const outcome = readString(form.outcome, 'outcome');
    if (outcome !== 'won' && outcome !== 'lost') {
      throw invalidRequest('outcome must be "won" or "lost".', { param: 'outcome' });
    }
    if (dispute.status !== 'needs_response') {
      throw invalidRequest(`Dispute ${disputeId} is already closed (${dispute.status}).`);
    }
    dispute.status = outcome;
    return structuredClone(dispute);
  }

  /** `GET /v1/charges/{id}`. */
  retrieveCharge(chargeId: string): Charge {
    const charge = this.charges.get(chargeId);
    if (charge === undefined) throw noSuchObject('charge', chargeId, 'id');
    return structuredClone(charge);
  }

  /** `GET /v1/refunds/{id}`. */
  retrieveRefund(refundId: string): Refund {
    const refund = this.refunds.find((candidate) => candidate.id === refundId);
    if (refund === undefined) throw noSuchObject('refund', refundId, 'id');
    return structuredClone(refund);
  }

  retrieveDispute(disputeId: string): Dispute {
    return structuredClone(this.dispute(disputeId));
  }

  /** `GET /v1/disputes`, newest first, optionally of one `payment_intent` or `charge` (pages: lists.ts). */
  listDisputes(form: FormObject): Dispute[] {
    return structuredClone(newestFirst([...this.disputes.values()].filter(matching(form))));
  }

  private dispute(disputeId: string): Dispute {
    const dispute = this.disputes.get(disputeId);
    if (dispute === undefined) throw noSuchObject('dispute', disputeId, 'dispute');
    return dispute;
  }

  private chargeNamedIn(form: FormObject): Charge {
    const chargeId = readString(form.charge, 'charge');
    const paymentIntentId = readString(form.payment_intent, 'payment_intent');
    if ((chargeId === undefined) === (paymentIntentId === undefined)) {
      throw invalidRequest('You must pass exactly one of charge or payment_intent.', { param: 'charge' });
    }
    if (paymentIntentId !== undefined) return this.chargeOf(paymentIntentId);
    const charge = this.charges.get(chargeId!);
    if (charge === undefined) throw noSuchObject('charge', chargeId!, 'charge');
    return charge;
  }

  private chargeOf(paymentIntentId: string): Charge {
    const charge = [...this.charges.values()].find((candidate) => candidate.payment_intent === paymentIntentId);
    if (charge === undefined) {
      throw invalidRequest(`PaymentIntent ${paymentIntentId} has no successful charge.`, {
        code: 'resource_missing',
        param: 'payment_intent',
      });
    }
    return charge;
  }
}

/** The list filters Stripe's refund and dispute lists share. */
function matching(form: FormObject) {
  const paymentIntentId = readString(form.payment_intent, 'payment_intent');
  const chargeId = readString(form.charge, 'charge');
  return (item: { payment_intent: string; charge: string }) =>
    (paymentIntentId === undefined || item.payment_intent === paymentIntentId) &&
    (chargeId === undefined || item.charge === chargeId);
}

function newestFirst<T>(items: T[]): T[] {
  return [...items].reverse();
}

function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

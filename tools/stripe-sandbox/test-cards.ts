/** How a test card behaves when a PaymentIntent is confirmed with it. */
export interface TestCard {
  brand: string;
  last4: string;
  failure?: CardFailure;
  /** Stripe's 4000 0000 0000 0259: the charge succeeds, then the customer's bank opens a dispute. */
  disputed?: boolean;
  /** Stripe's 4000 0000 0000 7726: the charge succeeds; a refund of it stays pending until it is settled later. */
  refundsPending?: boolean;
}

export interface CardFailure {
  code:
    | 'card_declined'
    | 'incorrect_number'
    | 'expired_card'
    | 'incorrect_cvc'
    | 'invalid_cvc'
    | 'invalid_expiry_month'
    | 'invalid_expiry_year'
    | 'processing_error';
  decline_code?: string;
  message: string;
}

const DECLINED = 'Your card was declined.';

/** Stripe's documented test cards (docs.stripe.com/testing), by number and by test PaymentMethod id. */
const TEST_CARDS: { number: string; paymentMethods: string[]; card: TestCard }[] = [
  { number: '4242424242424242', paymentMethods: ['pm_card_visa'], card: { brand: 'visa', last4: '4242' } },
  {
    number: '4000000000000002',
    paymentMethods: ['pm_card_chargeDeclined', 'pm_card_visa_chargeDeclined'],
    card: declined('0002', { code: 'card_declined', decline_code: 'generic_decline', message: DECLINED }),
  },
  {
    number: '4000000000009995',
    paymentMethods: ['pm_card_visa_chargeDeclinedInsufficientFunds', 'pm_card_chargeDeclinedInsufficientFunds'],
    card: declined('9995', {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    }),
  },
  {
    number: '4000000000009987',
    paymentMethods: ['pm_card_visa_chargeDeclinedLostCard', 'pm_card_chargeDeclinedLostCard'],
    card: declined('9987', { code: 'card_declined', decline_code: 'lost_card', message: DECLINED }),
  },
  {
    number: '4000000000009979',
    paymentMethods: ['pm_card_visa_chargeDeclinedStolenCard', 'pm_card_chargeDeclinedStolenCard'],
    card: declined('9979', { code: 'card_declined', decline_code: 'stolen_card', message: DECLINED }),
  },
  {
    number: '4000000000000069',
    paymentMethods: ['pm_card_chargeDeclinedExpiredCard', 'pm_card_visa_chargeDeclinedExpiredCard'],
    card: declined('0069', { code: 'expired_card', message: 'Your card has expired.' }),
  },
  {
    number: '4000000000000127',
    paymentMethods: ['pm_card_chargeDeclinedIncorrectCvc', 'pm_card_visa_chargeDeclinedIncorrectCvc'],
    card: declined('0127', { code: 'incorrect_cvc', message: "Your card's security code is incorrect." }),
  },
  {
    number: '4000000000000119',
    paymentMethods: ['pm_card_chargeDeclinedProcessingError', 'pm_card_visa_chargeDeclinedProcessingError'],
    card: declined('0119', {
      code: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    }),
  },
  {
    number: '4000000000000259',
    paymentMethods: ['pm_card_createDispute'],
    card: { brand: 'visa', last4: '0259', disputed: true },
  },
  {
    number: '4000000000007726',
    paymentMethods: ['pm_card_pendingRefund'],
    card: { brand: 'visa', last4: '7726', refundsPending: true },
  },
];

function declined(last4: string, failure: CardFailure): TestCard {
  return { brand: 'visa', last4, failure };
}

const cardsByNumber = new Map(TEST_CARDS.map(({ number, card }) => [number, card]));
const cardsByPaymentMethod = new Map(
  TEST_CARDS.flatMap(({ paymentMethods, card }) => paymentMethods.map((id) => [id, card] as const)),
);

export interface CardDetails {
  number: string;
  expMonth?: number;
  expYear?: number;
  cvc?: string;
}

/**
 * The card typed into the sandbox card form. As on Stripe, an expiry in the past or a malformed CVC fails whatever
 * the number (Stripe's test mode accepts any future date and any 3 or 4 digits); an unknown number fails like a
 * mistyped one.
 */
export function cardFromDetails({ number, expMonth, expYear, cvc }: CardDetails, today = new Date()): TestCard {
  const digits = number.replace(/[\s-]/g, '');
  const card = cardsByNumber.get(digits) ?? {
    brand: 'unknown',
    last4: digits.slice(-4),
    failure: { code: 'incorrect_number', message: 'Your card number is incorrect.' },
  };
  const problem = expiryOrCvcProblem({ expMonth, expYear, cvc }, today);
  return problem ? { ...card, failure: problem } : card;
}

function expiryOrCvcProblem(
  { expMonth, expYear, cvc }: Omit<CardDetails, 'number'>,
  today: Date,
): CardFailure | undefined {
  if (expMonth !== undefined && !(expMonth >= 1 && expMonth <= 12)) {
    return { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
  }
  if (expYear !== undefined) {
    const year = today.getUTCFullYear();
    // Stripe takes two-digit years too (`20` is 2020).
    if (expYear < 100) expYear += 2000;
    if (expYear < year) return { code: 'invalid_expiry_year', message: "Your card's expiration year is in the past." };
    if (expYear === year && expMonth !== undefined && expMonth < today.getUTCMonth() + 1) {
      return { code: 'invalid_expiry_month', message: "Your card's expiration month is in the past." };
    }
  }
  if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
    return { code: 'invalid_cvc', message: "Your card's security code is invalid." };
  }
  return undefined;
}

export function cardFromPaymentMethod(paymentMethodId: string): TestCard | undefined {
  return cardsByPaymentMethod.get(paymentMethodId);
}

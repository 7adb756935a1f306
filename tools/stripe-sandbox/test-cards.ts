/** How a test card behaves when a PaymentIntent is confirmed with it. */
export interface TestCard {
  brand: string;
  last4: string;
  failure?: CardFailure;
}

export interface CardFailure {
  code: 'card_declined' | 'incorrect_number';
  decline_code?: string;
  message: string;
}

const visa: TestCard = { brand: 'visa', last4: '4242' };
const declinedVisa: TestCard = {
  brand: 'visa',
  last4: '0002',
  failure: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
};

// Stripe's documented test numbers and PaymentMethod ids; the sandbox knows the two that the wallet flow needs.
const cardsByNumber = new Map([
  ['4242424242424242', visa],
  ['4000000000000002', declinedVisa],
]);
const cardsByPaymentMethod = new Map([
  ['pm_card_visa', visa],
  ['pm_card_chargeDeclined', declinedVisa],
  ['pm_card_visa_chargeDeclined', declinedVisa],
]);

/** The card behind a raw number (the sandbox card form); an unknown number fails like a mistyped one. */
export function cardFromNumber(number: string): TestCard {
  const digits = number.replace(/[\s-]/g, '');
  return (
    cardsByNumber.get(digits) ?? {
      brand: 'unknown',
      last4: digits.slice(-4),
      failure: { code: 'incorrect_number', message: 'Your card number is incorrect.' },
    }
  );
}

export function cardFromPaymentMethod(paymentMethodId: string): TestCard | undefined {
  return cardsByPaymentMethod.get(paymentMethodId);
}

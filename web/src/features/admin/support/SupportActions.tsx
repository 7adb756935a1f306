import { useId, useState } from 'react';
import { COURTESY_CREDIT_CENTS, type CustomerPayment } from '@stockseer/contract';
import { AmountField, amountProblem, centsOf } from './AmountField';
import { refundableNow } from './refundableNow';
import { giveCourtesyCredit, refundTopUp, signOutEverywhere } from './customerApi';
import { SupportActionDialog } from './SupportActionDialog';
import { CUSTOMER_TEXT } from './supportText';

interface Target {
  uid: string;
  /** How the dialogs name the customer: their e-mail, else their name or id. */
  who: string;
  onDone: () => void;
}

/** A courtesy credit, $0.01 to $100 (docs/product.md#courtesy-credits). */
export function CourtesyCreditAction({ uid, who, onDone }: Target) {
  const [amount, setAmount] = useState('');
  const cents = centsOf(amount) ?? 0;
  return (
    <SupportActionDialog
      title={CUSTOMER_TEXT.creditTitle}
      triggerLabel={CUSTOMER_TEXT.credit}
      onOpen={() => setAmount('')}
      fields={<AmountField label={CUSTOMER_TEXT.creditAmount} value={amount} onChange={setAmount} />}
      problem={() => amountProblem(amount, COURTESY_CREDIT_CENTS.min, COURTESY_CREDIT_CENTS.max)}
      confirmText={CUSTOMER_TEXT.creditConfirm(cents, who)}
      confirmButton={CUSTOMER_TEXT.creditButton(cents)}
      submit={async (reason, key) => {
        await giveCourtesyCredit(uid, { amountCents: cents, reason }, key);
        return CUSTOMER_TEXT.credited(cents, who);
      }}
      onDone={onDone}
    />
  );
}

/**
 * A refund of a top-up or part of one, through Stripe (docs/product.md#admin-refunds): up to what can go back now,
 * the least of what is left of the top-up and what Available holds (the server refuses more), and that by default.
 */
export function RefundAction({
  uid,
  who,
  onDone,
  payment,
  availableCents,
}: Target & { payment: CustomerPayment; availableCents: number }) {
  const left = refundableNow(payment, availableCents);
  const [amount, setAmount] = useState('');
  const cents = centsOf(amount) ?? 0;
  return (
    <SupportActionDialog
      title={CUSTOMER_TEXT.refundTitle}
      triggerLabel={CUSTOMER_TEXT.refund}
      triggerAriaLabel={CUSTOMER_TEXT.refundLabel(payment.paymentIntentId)}
      triggerClassName="button button-outline button-small"
      onOpen={() => setAmount((left / 100).toFixed(2))}
      fields={<AmountField label={CUSTOMER_TEXT.refundAmount(left)} value={amount} onChange={setAmount} />}
      problem={() => amountProblem(amount, 1, left)}
      confirmText={CUSTOMER_TEXT.refundConfirm(cents, payment.paymentIntentId, who)}
      confirmButton={CUSTOMER_TEXT.refundButton(cents)}
      submit={async (reason, key) => {
        await refundTopUp(uid, { paymentIntentId: payment.paymentIntentId, amountCents: cents, reason }, key);
        return CUSTOMER_TEXT.refundedDone(cents, who);
      }}
      onDone={onDone}
    />
  );
}

/** Sign out everywhere, and perhaps disable, as `npm run admin:revoke` does. */
export function SignOutAction({ uid, who, onDone }: Target) {
  const [disable, setDisable] = useState(false);
  const checkboxId = useId();
  return (
    <SupportActionDialog
      title={CUSTOMER_TEXT.signOutTitle}
      triggerLabel={CUSTOMER_TEXT.signOut}
      onOpen={() => setDisable(false)}
      fields={
        <div className="support-check">
          <input
            id={checkboxId}
            type="checkbox"
            checked={disable}
            onChange={(event) => setDisable(event.target.checked)}
          />
          <label htmlFor={checkboxId}>{CUSTOMER_TEXT.disable}</label>
        </div>
      }
      problem={() => null}
      confirmText={CUSTOMER_TEXT.signOutConfirm(who, disable)}
      confirmButton={CUSTOMER_TEXT.signOutButton(disable)}
      submit={async (reason, key) => {
        await signOutEverywhere(uid, { disable, reason }, key);
        return CUSTOMER_TEXT.signedOut(who);
      }}
      onDone={onDone}
    />
  );
}

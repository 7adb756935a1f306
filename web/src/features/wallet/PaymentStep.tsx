import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { dollarsToCents, type CreatePaymentIntentResponse } from '@stockseer/contract';
import { useNeedsConnection } from '../../components/NeedsConnection';
import { useToast } from '../../components/toast/ToastProvider';
import { ApiError } from '../../lib/api';
import { config } from '../../lib/config';
import { formatCents } from '../../lib/format';
import { ADD_FUNDS_TEXT } from './messages';
import { addStripeFunds, createPaymentIntent, useRefreshWallet } from './walletApi';
import { SandboxCardForm } from './SandboxCardForm';

/** Stripe's own code (Stripe.js, React Elements) loads only when a real-Stripe payment step opens. */
const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

type Setup =
  | { status: 'creating' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; intent: CreatePaymentIntentResponse };

interface Props {
  uid: string;
  amountDollars: number;
  onBack: () => void;
  /** The card was charged: the dialog closes (the toasts tell how the wallet took it). */
  onPaid: () => void;
}

/** The dialog's second step: a PaymentIntent for the amount, a card form, then the credit of the wallet. */
export function PaymentStep({ uid, amountDollars, onBack, onPaid }: Props) {
  const { toast } = useToast();
  const refreshWallet = useRefreshWallet(uid);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [setup, setSetup] = useState<Setup>({ status: 'creating' });
  const [processing, setProcessing] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  // While the step is on screen a card failure shows under the form only; after the dialog closed, in a toast.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const connection = useNeedsConnection();
  const amountLabel = formatCents(dollarsToCents(amountDollars));

  useEffect(() => {
    let live = true;
    // The same key on a second run (React's strict mode, a remount) gets the same intent back.
    createPaymentIntent(amountDollars, idempotencyKey).then(
      (intent) => live && setSetup({ status: 'ready', intent }),
      (error: unknown) =>
        live &&
        setSetup({ status: 'failed', message: error instanceof ApiError ? error.message : ADD_FUNDS_TEXT.setUpFailed }),
    );
    return () => {
      live = false;
    };
  }, [amountDollars, idempotencyKey]);

  const creditWallet = async (paymentIntentId: string) => {
    try {
      const { wallet, amountCents } = await addStripeFunds(paymentIntentId);
      void refreshWallet(wallet);
      toast({ title: ADD_FUNDS_TEXT.succeededTitle, description: ADD_FUNDS_TEXT.succeeded(formatCents(amountCents)) });
    } catch {
      // The card was charged: Stripe's webhook still credits the wallet, so show what the server has by then.
      void refreshWallet();
      toast({
        title: ADD_FUNDS_TEXT.creditFailedTitle,
        description: ADD_FUNDS_TEXT.creditFailed,
        variant: 'destructive',
      });
    }
  };

  const pay = async (paymentIntentId: string, confirmCard: () => Promise<string | null>) => {
    setProcessing(true);
    setCardError(null);
    const failure = await confirmCard().catch(() => ADD_FUNDS_TEXT.cardFailedDefault);
    if (failure !== null) {
      if (!shown.current) {
        toast({ title: ADD_FUNDS_TEXT.cardFailedTitle, description: failure, variant: 'destructive' });
        return;
      }
      setCardError(failure);
      setProcessing(false);
      return;
    }
    await creditWallet(paymentIntentId);
    onPaid();
  };

  if (setup.status === 'creating') return <p className="muted">{ADD_FUNDS_TEXT.settingUp}</p>;
  if (setup.status === 'failed') {
    return (
      <div className="stack">
        <p role="alert" className="error-text">
          {setup.message}
        </p>
        <button type="button" className="button button-outline" onClick={onBack}>
          {ADD_FUNDS_TEXT.goBack}
        </button>
      </div>
    );
  }

  const { sandboxUrl, publishableKey } = config.stripe;
  const formProps = {
    ...setup.intent,
    amountDollars,
    payLabel: ADD_FUNDS_TEXT.pay(amountLabel),
    processing,
    onPay: (confirmCard: () => Promise<string | null>) => void pay(setup.intent.paymentIntentId, confirmCard),
  };
  return (
    <div className="stack payment-step">
      <p>{ADD_FUNDS_TEXT.paying(amountLabel)}</p>
      {sandboxUrl && publishableKey ? (
        <fieldset className="needs-connection-group" disabled={connection.offline}>
          <SandboxCardForm {...formProps} sandbox={{ sandboxUrl, publishableKey }} />
        </fieldset>
      ) : publishableKey ? (
        <Suspense fallback={<p className="muted">{ADD_FUNDS_TEXT.loadingForm}</p>}>
          {/* Offline, the form's controls (Pay among them) are disabled, without a change to the form itself. */}
          <fieldset className="needs-connection-group" disabled={connection.offline}>
            <StripePaymentForm {...formProps} publishableKey={publishableKey} />
          </fieldset>
        </Suspense>
      ) : (
        <p role="alert" className="error-text">
          {ADD_FUNDS_TEXT.unavailable}
        </p>
      )}
      {connection.reason}
      {cardError && (
        <p role="alert" className="error-text card-error">
          {cardError}
        </p>
      )}
      <button type="button" className="button button-outline" onClick={onBack} disabled={processing}>
        {ADD_FUNDS_TEXT.goBack}
      </button>
    </div>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { ADD_FUNDS_TEXT } from './messages';
import { loadStripeWithin } from './stripeLoader';
import type { CardFormProps } from './cardForm';

// One Stripe.js per page: Elements must get the same instance every time.
let stripeOnce: Promise<Stripe | null> | undefined;

/**
 * Real Stripe: its Payment Element (card only, as the PaymentIntent allows). Loaded lazily with this whole module,
 * so Stripe's code is fetched when a payment starts, never on the landing page.
 */
export default function StripePaymentForm(props: CardFormProps & { publishableKey: string }) {
  const [stripe, setStripe] = useState<Stripe | null | 'loading'>('loading');

  useEffect(() => {
    let live = true;
    stripeOnce ??= loadStripeWithin(props.publishableKey);
    void stripeOnce.then((loaded) => {
      // A failed load may succeed later (back online): the next payment step tries again.
      if (!loaded) stripeOnce = undefined;
      if (live) setStripe(loaded);
    });
    return () => {
      live = false;
    };
  }, [props.publishableKey]);

  if (stripe === 'loading') return <p className="muted">{ADD_FUNDS_TEXT.loadingForm}</p>;
  if (stripe === null) {
    return (
      <p role="alert" className="error-text">
        {ADD_FUNDS_TEXT.unavailable}
      </p>
    );
  }
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.clientSecret }}>
      <PaymentElementForm {...props} />
    </Elements>
  );
}

function PaymentElementForm({ amountDollars, payLabel, processing, onPay }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    onPay(async () => {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        // Cards settle here (3-D Secure opens in a modal); the return URL is only for a method that must redirect.
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/wallet?payment_success=true&amount=${amountDollars}` },
      });
      if (error) return error.message ?? ADD_FUNDS_TEXT.cardFailedDefault;
      return paymentIntent?.status === 'succeeded' ? null : ADD_FUNDS_TEXT.cardFailedDefault;
    });
  };

  return (
    <form onSubmit={onSubmit} className="stack">
      <PaymentElement
        onReady={(element) => {
          setReady(true);
          // Focus follows the step, as in the sandbox's form: the amount's Continue button is gone.
          element.focus();
        }}
      />
      {/* Busy is aria-disabled, not disabled: a declined card leaves the keyboard focus on Pay, not lost. */}
      <button type="submit" className="button" disabled={!stripe || !elements || !ready} aria-disabled={processing}>
        {processing ? ADD_FUNDS_TEXT.processing : payLabel}
      </button>
    </form>
  );
}

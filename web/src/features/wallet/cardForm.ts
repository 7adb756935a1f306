/** What the payment step gives either card form (Stripe's Payment Element, or the sandbox's test form). */
export interface CardFormProps {
  paymentIntentId: string;
  clientSecret: string;
  amountDollars: number;
  payLabel: string;
  processing: boolean;
  /** Runs the form's card confirmation: it resolves null when the card was charged, else the message to show. */
  onPay: (confirmCard: () => Promise<string | null>) => void;
}

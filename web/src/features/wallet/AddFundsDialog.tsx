import './wallet.css';
import { useEffect, useRef, useState } from 'react';
import { TOP_UP_DOLLARS } from '@stockseer/contract';
import { Dialog } from '../../components/Dialog';
import { useNeedsConnection } from '../../components/NeedsConnection';
import { AmountStep } from './AmountStep';
import { PaymentStep } from './PaymentStep';
import { WALLET_TEXT } from './messages';

/** After closing, the dialog returns to the amount step with $10 once it has faded out (docs/product.md#wallet-tab). */
export const DIALOG_RESET_DELAY_MS = 300;
const DEFAULT_AMOUNT_TEXT = String(TOP_UP_DOLLARS.default);

interface Props {
  uid: string;
  /** The opening button's words: 'Add Funds with Stripe' on the Wallet tab, shorter where it sits inline. */
  triggerLabel?: string;
  /** After a successful payment, for screens that show something that depends on the balance. */
  onFunded?: () => void;
}

/** 'Add Funds with Stripe' (docs/product.md#wallet-tab): the amount step, then the payment step. */
export function AddFundsDialog({ uid, triggerLabel = WALLET_TEXT.addFunds, onFunded }: Props) {
  const [open, setOpen] = useState(false);
  const [amountText, setAmountText] = useState(DEFAULT_AMOUNT_TEXT);
  const [paying, setPaying] = useState<number | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const connection = useNeedsConnection();

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const reset = () => {
    clearTimeout(resetTimer.current);
    resetTimer.current = undefined;
    setPaying(null);
    setAmountText(DEFAULT_AMOUNT_TEXT);
  };
  // A reopen before the delayed reset has run still starts from the amount step.
  const openDialog = () => {
    if (connection.offline) return;
    if (resetTimer.current !== undefined) reset();
    setOpen(true);
  };
  // Every close resets: a reopened dialog starts a new payment rather than resuming a half-done one.
  const close = () => {
    setOpen(false);
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(reset, DIALOG_RESET_DELAY_MS);
  };

  return (
    <>
      <button type="button" className="button" {...connection.buttonProps} onClick={openDialog}>
        {triggerLabel}
      </button>
      {connection.reason}
      <Dialog open={open} title={WALLET_TEXT.addFunds} onClose={close}>
        {paying === null ? (
          <AmountStep amountText={amountText} onAmountTextChange={setAmountText} onContinue={setPaying} />
        ) : (
          <PaymentStep
            uid={uid}
            amountDollars={paying}
            onBack={() => setPaying(null)}
            onPaid={() => {
              close();
              onFunded?.();
            }}
          />
        )}
      </Dialog>
    </>
  );
}

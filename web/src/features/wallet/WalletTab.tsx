import './wallet.css';
import { useCallback, type ReactNode } from 'react';
import { useToast } from '../../components/toast/ToastProvider';
import { AddFundsDialog } from './AddFundsDialog';
import { Balances } from './Balances';
import { PaymentHistory } from './PaymentHistory';
import { ProfileCard } from './ProfileCard';
import { WalletOwesNotice } from './WalletOwesNotice';
import { SignedOutWallet } from './SignedOutWallet';
import { WALLET_TEXT } from './messages';
import { usePaymentReturn } from './usePaymentReturn';
import { useRefreshWallet, useTransactions, useWallet } from './walletApi';
import type { WalletAccount } from './account';

export type { WalletAccount };

interface Props {
  account: WalletAccount | null;
  onSignIn: () => void;
  onSignOut: () => void;
  /** The statement line a link led to (the inbox's). */
  highlightedLine?: string;
  /** The account's settings another feature owns (notifications), shown below the balances. */
  settings?: ReactNode;
  /** What app/ puts at the foot of the tab: the account card (features/account). */
  footer?: ReactNode;
}

/**
 * The Wallet tab (docs/product.md#wallet-tab): profile, balances, add funds, settings, payment history, then `footer`.
 */
export function WalletTab({ account, onSignIn, ...signedIn }: Props) {
  if (!account) return <SignedOutWallet onSignIn={onSignIn} />;
  return <SignedInWallet account={account} {...signedIn} />;
}

function SignedInWallet({
  account,
  onSignOut,
  highlightedLine,
  settings,
  footer,
}: Omit<Props, 'account' | 'onSignIn'> & { account: WalletAccount }) {
  const { toast } = useToast();
  const wallet = useWallet(account.uid);
  const onHistoryError = useCallback(
    () => toast({ title: WALLET_TEXT.historyFailed, variant: 'destructive' }),
    [toast],
  );
  const transactions = useTransactions(account.uid, onHistoryError);
  const refreshWallet = useRefreshWallet(account.uid);
  usePaymentReturn(useCallback(() => void refreshWallet(), [refreshWallet]));

  return (
    <div className="wallet-tab">
      <ProfileCard account={account} onSignOut={onSignOut} />
      <section className="wallet-balances" aria-label="Wallet">
        {wallet.error && !wallet.data ? (
          <p role="alert" className="error-text">
            {WALLET_TEXT.walletFailed}
          </p>
        ) : (
          <>
            <WalletOwesNotice wallet={wallet.data} />
            <Balances wallet={wallet.data} />
          </>
        )}
        <AddFundsDialog uid={account.uid} />
      </section>
      {settings}
      <PaymentHistory
        transactions={transactions.data}
        failed={transactions.error !== undefined}
        highlightedId={highlightedLine}
      />
      {footer}
    </div>
  );
}

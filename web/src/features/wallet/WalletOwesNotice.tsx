import { walletOwesMessage, type Wallet } from '@stockseer/contract';
import { WALLET_TEXT } from './messages';
import './walletOwes.css';

/**
 * A refund or a lost dispute took back money that was already spent: the wallet is below zero. Says so in the
 * words of the 402 a paid prediction gets, and that free ones still work. Nothing while the balance is >= 0.
 */
export function WalletOwesNotice({ wallet }: { wallet: Wallet | undefined }) {
  if (!wallet || wallet.balance >= 0) return null;
  return (
    <div role="status" className="wallet-owes">
      <p className="wallet-owes-title">{WALLET_TEXT.owesTitle}</p>
      <p>
        {walletOwesMessage(-wallet.balance)}. {WALLET_TEXT.owesFreeStillWork}
      </p>
    </div>
  );
}

import type { Wallet } from '@stockseer/contract';
import { formatCents, formatDate } from '../../lib/format';
import { WALLET_TEXT } from './messages';
import './walletOwes.css';

/** The wallet's buckets (docs/product.md#wallet-figures) and the free allowance; '…' while the wallet loads. */
export function Balances({ wallet }: { wallet: Wallet | undefined }) {
  const money = (cents: number | undefined) => (cents === undefined ? '…' : formatCents(cents));
  const items = [
    // Below zero after a refund or lost dispute: shown as owed (WalletOwesNotice says why).
    { label: WALLET_TEXT.available, value: money(wallet?.balance), note: null, owing: (wallet?.balance ?? 0) < 0 },
    { label: WALLET_TEXT.reserved, value: money(wallet?.reservedBalance), note: null },
    { label: WALLET_TEXT.charged, value: money(wallet?.chargedBalance), note: null },
    {
      label: WALLET_TEXT.freePredictions,
      value: wallet ? String(wallet.freePredictions) : '…',
      note: wallet ? `${WALLET_TEXT.resetsOn} ${formatDate(wallet.resetDate)}` : null,
    },
  ];
  return (
    <dl className="balances" aria-busy={wallet === undefined}>
      {items.map(({ label, value, note, owing }) => (
        <div key={label} className={owing ? 'card balance balance-owing' : 'card balance'}>
          <dt>{label}</dt>
          <dd className="balance-value">{value}</dd>
          {note && <dd className="muted balance-note">{note}</dd>}
        </div>
      ))}
    </dl>
  );
}

import './wallet.css';
import { SIGNED_OUT_WALLET_TEXT as TEXT } from './signedOutMessages';

/**
 * The Wallet signed out (also `/wallet` opened signed out): a prompt and a Sign In button to /auth
 * (docs/product.md#routes).
 */
export function SignedOutWallet({ onSignIn }: { onSignIn: () => void }) {
  return (
    <section className="card empty-state">
      <p>{TEXT.signedOut}</p>
      <button type="button" className="button" onClick={onSignIn}>
        {TEXT.signIn}
      </button>
    </section>
  );
}

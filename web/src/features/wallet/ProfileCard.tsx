import { formatDate } from '../../lib/format';
import { WALLET_TEXT } from './messages';
import type { WalletAccount } from './account';

/**
 * Who the wallet belongs to (docs/product.md#wallet-tab): avatar or initials, name, e-mail, member since, Sign Out,
 * admin badge.
 */
export function ProfileCard({ account, onSignOut }: { account: WalletAccount; onSignOut: () => void }) {
  return (
    <section className="card profile-card" aria-label="Profile">
      {account.photoURL ? (
        <img src={account.photoURL} alt="" width={56} height={56} className="avatar avatar-large" />
      ) : (
        <span className="avatar avatar-large" aria-hidden="true">
          {account.initials}
        </span>
      )}
      <div className="profile-text">
        <p className="profile-name">
          {account.name}
          {account.isAdmin && <span className="badge badge-admin">{WALLET_TEXT.adminBadge}</span>}
        </p>
        {account.email && <p className="muted">{account.email}</p>}
        <p className="muted">
          {WALLET_TEXT.memberSince} {formatDate(account.memberSince)}
        </p>
      </div>
      <button type="button" className="button button-outline" onClick={onSignOut}>
        {WALLET_TEXT.signOut}
      </button>
    </section>
  );
}

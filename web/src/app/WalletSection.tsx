import { useNavigate, useSearchParams } from 'react-router-dom';
import type { User } from 'firebase/auth';
import { useAuth } from '../features/auth/AuthProvider';
import { displayNameOf, initialsOf } from '../features/auth/displayName';
import { useAccount } from '../features/auth/useAccount';
import { NotificationsCard } from '../features/push/NotificationsCard';
import { WalletTab } from '../features/wallet/WalletTab';
import { AccountCard } from '../features/account/AccountCard';

/**
 * The Wallet tab, given who is signed in: app/ hands the auth feature's user to the wallet feature, and puts the push
 * feature's notifications card in its account settings.
 */
export function WalletSection({ user, isAdmin }: { user: User; isAdmin: boolean }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  // `/wallet?line={id}`: the inbox's link to a statement line.
  const highlightedLine = useSearchParams()[0].get('line') ?? undefined;
  const profile = useAccount(user.uid).data?.user;
  const name = displayNameOf(user);
  const account = {
    uid: user.uid,
    name,
    initials: initialsOf(name),
    email: user.email,
    photoURL: user.photoURL,
    memberSince: profile?.createdAt ?? user.metadata.creationTime,
    isAdmin,
  };
  // Both lead to /auth (docs/product.md#routes); after sign-out, the header's menu does the same.
  const onSignOut = async () => {
    await signOut();
    navigate('/auth');
  };
  return (
    <WalletTab
      account={account}
      onSignIn={() => navigate('/auth')}
      onSignOut={() => void onSignOut()}
      highlightedLine={highlightedLine}
      settings={<NotificationsCard uid={user.uid} />}
      footer={<AccountCard uid={user.uid} onClosed={() => void onSignOut()} />}
    />
  );
}

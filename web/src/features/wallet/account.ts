/** The signed-in user as the wallet shows them; app/ builds it from the auth state and the user record. */
export interface WalletAccount {
  uid: string;
  name: string;
  initials: string;
  email: string | null;
  photoURL: string | null;
  /** When the account was created (ISO); undefined until known. */
  memberSince: string | undefined;
  isAdmin: boolean;
}

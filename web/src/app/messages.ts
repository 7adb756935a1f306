/** Texts of the app shell that the product fixes (docs/product.md#ui-texts). Tests import the same constants. */
export const SHELL_TEXT = {
  loadingAuth: 'Loading authentication...',
  loading: 'Loading...',
  notFoundTitle: '404 Page Not Found',
  notFoundHint: 'Did you forget to add the page to the router?',
  /** Links to the public track record (issue 24); here, not with the page, so the landing page loads no contract. */
  trackRecord: 'Track record',
  trackRecordLink: 'See the public track record',
  signIn: 'Sign In',
  signInWithGoogle: 'Sign in with Google',
} as const;

export const TABS = [
  { key: 'predictions', label: 'Predictions' },
  { key: 'wallet', label: 'Wallet' },
  { key: 'history', label: 'History' },
  { key: 'admin', label: 'Admin' },
] as const;
export type TabKey = (typeof TABS)[number]['key'];

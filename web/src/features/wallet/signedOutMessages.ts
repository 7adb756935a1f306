/**
 * The signed-out wallet's texts (docs/product.md#routes), apart from messages.ts so that the landing page's bundle,
 * which shows them at `/wallet`, does not pull in the shared contract (and zod) with them.
 */
export const SIGNED_OUT_WALLET_TEXT = {
  signedOut: 'Please sign in to access your wallet.',
  signIn: 'Sign In',
} as const;

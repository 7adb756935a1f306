/** Build-time configuration (VITE_* from the root .env; the stack script sets the local values). */
const env = import.meta.env;

export const config = {
  firebase: {
    apiKey: env.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN ?? 'demo-stockseer.firebaseapp.com',
    projectId: env.VITE_FIREBASE_PROJECT_ID ?? 'demo-stockseer',
    appId: env.VITE_FIREBASE_APP_ID,
    storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET,
  },
  /** Set only for the local stack: sign-in goes to the Auth emulator through the test-account chooser. */
  authEmulatorUrl: env.VITE_AUTH_EMULATOR_URL as string | undefined,
  stripe: {
    publishableKey: env.VITE_STRIPE_PUBLISHABLE_KEY as string | undefined,
    /** Set only when the Stripe sandbox stands in for Stripe (offline): the payment step shows a test card form. */
    sandboxUrl: env.VITE_STRIPE_SANDBOX_URL as string | undefined,
  },
} as const;

export const usesAuthEmulator = Boolean(config.authEmulatorUrl);

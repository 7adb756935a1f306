/** The install toasts and hints (docs/product.md#ui-texts). */
export const INSTALL_TEXT = {
  button: 'Install App',
  installed: 'Installed',
  installedToast: 'App Installed!',
  alreadyInstalled: 'Already Installed',
  installing: 'Installing...',
  cancelled: 'Installation Cancelled',
  errorTitle: 'Installation Error',
  errorDescription: 'There was an issue with the installation. Please try again.',
  safariHint: "Tap Share, then 'Add to Home Screen'.",
  firefoxHint: 'Installing the app is not supported in Firefox.',
  laterHint: 'Installation will be available after visiting the site multiple times.',
} as const;

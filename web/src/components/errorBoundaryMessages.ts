/** The error boundary's texts (ErrorBoundary.tsx); tests use the same constants. */
export const ERROR_BOUNDARY_TEXT = {
  title: 'Something went wrong',
  body: 'This part of StockSeer could not be shown. We have been told about it. Your wallet and predictions are safe.',
  retry: 'Try again',
  reload: 'Reload the page',
} as const;

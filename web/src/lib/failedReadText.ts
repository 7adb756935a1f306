/** What a failed read says while it waits to ask again, and the button that asks at once. */
export const FAILED_READ_TEXT = {
  retry: 'Retry',
  /** The server's "try again in 8 seconds" is true only at the moment it was sent: this stays true until it is. */
  retryingSoon: (status: number) =>
    status === 429 ? 'Too many requests: trying again shortly.' : 'Busy just now: trying again shortly.',
} as const;

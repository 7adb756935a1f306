/**
 * An API failure: the HTTP status, the server's message (always JSON `{message}` from our API) and, when the answer
 * said when to ask again (a 429's Retry-After), after how many seconds. A file of its own, free of the Auth SDK, so
 * that the app's shell (its SWR defaults) can read a failure without loading the SDK on the landing page.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

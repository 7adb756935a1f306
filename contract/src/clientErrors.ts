import { z } from 'zod';

/**
 * `POST /api/client-errors`: an error the web app could not handle (a render error an error boundary caught, an
 * uncaught error, an unhandled rejection), reported so that it reaches us as a server-side ERROR log. No personal
 * data: the page's path without its query or hash, the error's own text and stack, cut short.
 */
export const ClientErrorReport = z
  .object({
    kind: z.enum(['render', 'error', 'unhandledrejection']),
    message: z.string().trim().min(1).max(500),
    stack: z.string().max(4000).optional(),
    /** The app's path where it happened, e.g. `/wallet`: no query string or hash, which may hold personal data. */
    path: z
      .string()
      .max(200)
      .regex(/^\/[^?#\s]*$/, 'path must be the page path alone, without query or hash'),
    /** The web build that reported it. */
    release: z.string().max(64).optional(),
  })
  .strict();
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;

import { createRequire } from 'node:module';
import type { Request, RequestHandler } from 'express';

/**
 * Cloud Functions read a request's body before our app runs: the Functions Framework in production and the
 * emulator's runtime locally each parse it with body-parser, and answer a body they cannot parse (broken JSON; JSON
 * that is just `null`, `123` or a string, which body-parser's strict mode refuses; an unknown charset) with Express's
 * default error page: HTML, with a stack trace and server paths outside production. Our error bodies are JSON
 * `{ message }` with no internals, whatever layer finds the mistake.
 *
 * Both runtimes load the function's module before they create their parsers, from the body-parser their own main
 * module resolves. So, at load, each of its parser factories is wrapped: a parser's error is kept on the request
 * instead of ending it, and `platformBodyError` below hands it to our error handler, which answers it as JSON with
 * the parser's status (errors.ts). Where the main module is not such a runtime (tests, scripts), nothing changes.
 */
const PARSERS = ['json', 'raw', 'text', 'urlencoded'] as const;
const KEPT = Symbol('platformBodyError');
type WithKeptError = Request & { [KEPT]?: unknown };

export function keepPlatformBodyErrors(): void {
  const main = createRequire(import.meta.url).main;
  if (!main) return;
  let bodyParser: Record<string, unknown>;
  try {
    bodyParser = createRequire(main.filename)('body-parser') as Record<string, unknown>;
  } catch {
    return; // The main module parses no bodies with body-parser.
  }
  for (const name of PARSERS) {
    const factory = bodyParser[name];
    if (typeof factory !== 'function' || KEPT in factory) continue;
    const keeping = Object.assign(
      (...options: unknown[]): RequestHandler => {
        const parse = (factory as (...o: unknown[]) => RequestHandler)(...options);
        return (req, res, next) =>
          parse(req, res, (error?: unknown) => {
            if (error !== undefined) (req as WithKeptError)[KEPT] = error;
            next();
          });
      },
      { [KEPT]: true },
    );
    Object.defineProperty(bodyParser, name, { configurable: true, enumerable: true, value: keeping });
  }
}

/** First in our app: the error the platform's parser met on this request, if any, goes to our error handler. */
export const platformBodyError: RequestHandler = (req, _res, next) => {
  const error = (req as WithKeptError)[KEPT];
  if (error === undefined) next();
  else next(error);
};

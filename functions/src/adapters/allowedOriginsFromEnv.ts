/**
 * The browser origins allowed to call the API cross-origin, from STOCKSEER_ALLOWED_ORIGINS (comma-separated). The web
 * app calls it from its own origin (Hosting rewrites /api/** to the function), which CORS never concerns; any origin
 * not listed gets no CORS header, so a page elsewhere cannot read an answer. None listed: none allowed.
 */
export function allowedOrigins(env: NodeJS.ProcessEnv): string[] {
  const origins = (env.STOCKSEER_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
      throw new Error(`STOCKSEER_ALLOWED_ORIGINS: ${origin} is not an origin (scheme://host[:port])`);
    }
  }
  return origins;
}

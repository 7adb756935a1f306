import type { RequestHandler } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { authenticate, requireAdmin, requireLiveAdmin } from './auth';
import { attributeMarketDataCalls } from './attributeMarketDataCalls';
import type { Guard } from './routeTable';

/**
 * The middleware each guard puts in front of a route's handlers (routeTable.ts says who each guard admits). Built
 * once per app: the trusted routes share one cache of verified tokens. Every guard but `public` also makes the
 * request's market data calls count against its caller.
 */
export function guardChains(auth: Auth, nowMs?: () => number): Record<Guard, RequestHandler[]> {
  const trusted = authenticate(auth, { live: false, nowMs });
  const live = authenticate(auth, { live: true, nowMs });
  return {
    public: [],
    signedIn: [trusted, attributeMarketDataCalls],
    liveSession: [live, attributeMarketDataCalls],
    // The token's claim first: an investor is refused without an Auth lookup; then the account as it is now.
    admin: [trusted, requireAdmin, requireLiveAdmin(auth), attributeMarketDataCalls],
  };
}

import { z } from 'zod';
import { IsoDate } from './common';

/**
 * How an open prediction stands now (docs/product.md#live-status): the last close known today against its hit
 * range, the trading days left to its target date, the calibrated chance of a hit from here, and the closes since
 * its prediction date (the path-so-far chart).
 */
export const LiveStatus = z.object({
  predictionId: z.string(),
  lastClose: z.number().positive(),
  lastCloseDate: IsoDate,
  position: z.enum(['below', 'inside', 'above']),
  tradingDaysLeft: z.number().int().min(0),
  chanceNow: z.number().min(0).max(1),
  path: z.array(z.object({ date: IsoDate, close: z.number() })),
});
export type LiveStatus = z.infer<typeof LiveStatus>;

/** `GET /api/predictions/live-status`: every open prediction of the caller with a known close, in one answer. */
export const LiveStatusList = z.array(LiveStatus);
export type LiveStatusList = z.infer<typeof LiveStatusList>;

import type { RequestHandler } from 'express';
import { attributeCallsTo } from '../adapters/market-data/callerContext';
import { callerOf } from './auth';

/** Behind `authenticate`: the provider calls this request makes count against its caller's limit. */
export const attributeMarketDataCalls: RequestHandler = (req, _res, next) => {
  attributeCallsTo(callerOf(req).uid, next);
};

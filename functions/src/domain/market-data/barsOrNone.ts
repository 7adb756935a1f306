import type { DailyBar } from '@stockseer/contract';
import { AppError } from '../errors';

/**
 * Bars of a stock the provider no longer prices are none (its live status or watchlist row shows no price); any
 * other failure is the request's.
 */
export async function barsOrNone(read: () => Promise<DailyBar[]>): Promise<DailyBar[]> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') return [];
    throw error;
  }
}

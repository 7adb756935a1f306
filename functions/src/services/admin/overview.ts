/**
 * `GET /api/admin/overview` (docs/product.md#overview): the figures of each day or month of a range, read from the
 * stored shards (a few documents per period), never by scanning the collections they summarise.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { Overview, OverviewQuery } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import { overviewRange, overviewRows } from '../../domain/overview/periods';
import { readBusinessFigures } from '../../adapters/firestore/businessFigures';

export async function businessOverview(db: Firestore, clock: Clock, query: OverviewQuery): Promise<Overview> {
  const { granularity, from, to, periods } = overviewRange(query, clock.today());
  const { figures, reservedBefore } = await readBusinessFigures(db, granularity, from, to);
  return { granularity, from, to, periods: overviewRows(periods, figures, reservedBefore) };
}

/**
 * The overview's recount (docs/architecture.md#the-business-overview): counts every figure again from the ledger,
 * the wallets and the closure records, the predictions and the activity markers, and compares it with what the shards
 * hold. With `mend`, the difference is added to each period's recount shard, so that the stored figures equal the
 * recount: for history from before the figures were kept. Run it while nothing moves money: a commit between the
 * count and the mend would be counted twice or not at all.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { bookDifference, describeDifference, withoutFigure } from '../../domain/overview/book';
import { addRecountCorrection, readAllBusinessFigures } from '../../adapters/firestore/businessFigures';
import { recountBusinessFigures } from '../../adapters/firestore/figureRecount';

/**
 * What differs, one line per period and figure (`day:2026-11-26 moneyIn +500`: the recount finds 500 more). New users
 * are left out, neither reported nor mended, when a closed account's opening is not kept: the recount cannot place it.
 */
export async function recountOverview(db: Firestore, { mend }: { mend: boolean }): Promise<string[]> {
  const [counted, stored] = await Promise.all([recountBusinessFigures(db), readAllBusinessFigures(db)]);
  const all = bookDifference(counted.book, stored);
  const difference = counted.openingsNotKept > 0 ? withoutFigure(all, 'newUsers') : all;
  if (mend) await addRecountCorrection(db, difference);
  const unplaced = counted.openingsNotKept;
  return [
    ...describeDifference(difference),
    ...(unplaced > 0 ? [`newUsers not recounted: ${unplaced} closed accounts' wallet openings are not kept`] : []),
  ];
}

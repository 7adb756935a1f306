import type { Firestore } from 'firebase-admin/firestore';
import type { AllPredictionsPage, AllPredictionsQuery } from '@stockseer/contract';
import { predictionsPage } from '../../adapters/firestore/predictions';

/** A page of every user's predictions, for the admin's All User Predictions list. */
export function allPredictions(db: Firestore, query: AllPredictionsQuery): Promise<AllPredictionsPage> {
  return predictionsPage(db, query);
}

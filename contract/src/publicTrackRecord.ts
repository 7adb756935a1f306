import { z } from 'zod';
import { IsoDateTime, TimeFrame } from './common';
import { ModelId } from './predictions';
import { TrackRecordSummary } from './trackRecord';

/**
 * `GET /api/track-record` (issue 24): the public track record, per model and time frame, aggregates only. A summary
 * is null ("Tracking") while fewer than `TRACK_RECORD_MIN_RESOLVED` forecasts have resolved: too few to say anything,
 * and too few to hide any one user's outcome.
 */
export const PublicTrackRecordRow = z.object({
  modelId: ModelId,
  modelName: z.string(),
  timeFrame: TimeFrame,
  /** The latest walk-forward back-test of every stock users have looked at, together. */
  backtest: TrackRecordSummary.nullable(),
  /** Users' own forecasts, once resolved. */
  live: TrackRecordSummary.nullable(),
});
export type PublicTrackRecordRow = z.infer<typeof PublicTrackRecordRow>;

export const PublicTrackRecord = z.object({
  /** When these figures were read. */
  asOf: IsoDateTime,
  rows: z.array(PublicTrackRecordRow),
});
export type PublicTrackRecord = z.infer<typeof PublicTrackRecord>;

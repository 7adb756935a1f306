import { z } from 'zod';
import { TIME_FRAME_DAYS } from './rules';

/** Every non-2xx JSON response of the API has this shape: a message a person can read. */
export const ErrorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** Forecast horizons in NYSE trading days (rules.ts: stated by pages that load no schema). */
export { TIME_FRAME_DAYS };
export const TimeFrame = z.enum(['short', 'medium', 'long']);
export type TimeFrame = z.infer<typeof TimeFrame>;

/** A time frame's name alone (`Short`): the time-frame tabs and the admin's table. */
export const TIME_FRAME_NAMES: Record<TimeFrame, string> = { short: 'Short', medium: 'Medium', long: 'Long' };

/** `7 days`: a time frame's horizon in trading days. */
export const timeFrameDays = (timeFrame: TimeFrame) => `${TIME_FRAME_DAYS[timeFrame]} days`;

/** `Short (7 days)`: a time frame wherever one is named in full (filters, History, Payment History, the admin's defaults). */
export const TIME_FRAME_LABELS = Object.fromEntries(
  TimeFrame.options.map((timeFrame) => [timeFrame, `${TIME_FRAME_NAMES[timeFrame]} (${timeFrameDays(timeFrame)})`]),
) as Record<TimeFrame, string>;

/**
 * Calendar dates travel as ISO `YYYY-MM-DD` strings (market dates have no time zone of their own). The date must
 * exist: 2021-02-30 has the shape but would become an invalid (or another) instant downstream.
 */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
  .refine((s) => {
    const instant = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(instant.getTime()) && instant.toISOString().startsWith(s);
  }, 'expected a date that exists in the calendar');
/**
 * An id a client sends back that names a Firestore document: 1 to `max` characters, no '/', not '.' or '..', and not
 * `__x__` (Firestore reserves those and answers INVALID_ARGUMENT, which would surface as a 500).
 */
export const documentId = (message: string, max = 128) =>
  z
    .string()
    .max(max, message)
    .regex(/^(?!\.\.?$)(?!__.*__$)[^/]+$/, message);

/** Instants travel as ISO 8601 strings with a time. */
export const IsoDateTime = z.iso.datetime({ offset: true });

/** Money is integer cents on the wire, in the server and in Firestore; only the UI formats dollars. */
export const Cents = z.number().int();

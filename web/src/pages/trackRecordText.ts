import { SHELL_TEXT } from '../app/messages';
// The zod-free numbers only: the page's text shows before the contract's schemas have loaded.
import { HIT_BAND_FRACTION, TIME_FRAME_DAYS, TRACK_RECORD_MIN_RESOLVED } from '@stockseer/contract/rules';

const bandPercent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/** The public track record page's texts (issue 24), written once; tests import them. */
export const TRACK_RECORD_TEXT = {
  title: SHELL_TEXT.trackRecord,
  lead: 'How StockSeer\u2019s forecasts have done: back-tested on past prices, and live, as users\u2019 own forecasts reached their target dates. Figures are totals over all forecasts; no one\u2019s own forecasts are shown.',
  hitTitle: 'What a hit is',
  hitRule: `A forecast names a target price for the close ${TIME_FRAME_DAYS.short}, ${TIME_FRAME_DAYS.medium} or ${TIME_FRAME_DAYS.long} trading days ahead. It hits if the closing price on that day lands in its hit range: the target price plus or minus ${bandPercent(HIT_BAND_FRACTION.short)} (${TIME_FRAME_DAYS.short} days), ${bandPercent(HIT_BAND_FRACTION.medium)} (${TIME_FRAME_DAYS.medium} days) or ${bandPercent(HIT_BAND_FRACTION.long)} (${TIME_FRAME_DAYS.long} days) of the price when it was made. The range, the date and the chance of a hit are shown before a forecast is made, and never change after.`,
  termsTitle: 'How to read the figures',
  terms: [
    ['Hit rate', 'how many of the resolved forecasts hit.'],
    [
      'Stated chance',
      'the mean chance of a hit the forecasts stated before they were made: close to the hit rate when the chances are honest.',
    ],
    [
      'Brier skill',
      'how much better the stated chances told hits from misses than saying the overall hit rate every time: 0 is no better, above 0 is better.',
    ],
    ['Tracking', `fewer than ${TRACK_RECORD_MIN_RESOLVED} forecasts have resolved: too few to show.`],
  ],
  backtest: 'Back-tested',
  backtestPhrase: 'in the back-test',
  live: 'Live',
  tracking: 'Tracking',
  hitRate: 'Hit rate',
  statedChance: 'Stated chance',
  brierSkill: 'Brier skill',
  resolved: (n: number) => `${n.toLocaleString('en-US')} resolved`,
  loading: 'Loading the track record...',
  failed: 'The track record could not be loaded just now. Please try again later.',
  asOf: (date: string) => `Figures as of ${date}.`,
} as const;

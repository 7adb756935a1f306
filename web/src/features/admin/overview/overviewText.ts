import type { Granularity } from '@stockseer/contract';

/** The Overview's texts (docs/product.md#overview), written once; the tests import the same constants. */
export const OVERVIEW_TEXT = {
  sections: 'Admin sections',
  operations: 'Operations',
  overview: 'Overview',

  title: 'Business overview',
  granularity: 'Figures per',
  granularities: { day: 'Day', month: 'Month' } satisfies Record<Granularity, string>,
  range: (granularity: Granularity, count: number) =>
    granularity === 'day' ? `The last ${count} days, New York time` : `The last ${count} months, New York time`,
  loading: 'Loading the figures...',
  failed: 'The figures could not be loaded. Please try again later.',
  empty: 'Nothing happened in this period yet: no money moved, no predictions, no sign-ins.',

  chartFailed: 'The chart could not be drawn; the table below has the same figures.',
  showTable: 'Show the figures as a table',
  download: 'Download CSV',
  downloadLabel: (chart: string) => `Download the ${chart} figures as CSV`,

  tiles: 'The period in figures',
  predictionsMadeLabel: 'Predictions made',
  predictionsMade: (free: number, paid: number) => `${free} free, ${paid} paid`,
  hitRateOf: (hits: number, resolved: number) => `${hits} of ${resolved} resolved`,
  noneResolved: 'none resolved',
  busiest: (granularity: Granularity) => (granularity === 'day' ? 'on the busiest day' : 'in the busiest month'),
  atEnd: 'at the end of the period',
};

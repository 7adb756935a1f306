/**
 * Texts of the stock search, card and chart that the product fixes (docs/product.md#ui-texts). Tests import the same
 * constants.
 */
export const STOCK_TEXT = {
  searchPlaceholder: 'Search for a stock (e.g., AAPL, MSFT)',
  searchLabel: 'Search stocks',
  searching: 'Searching...',
  noResults: (query: string) => `No stocks found for "${query}"`,
  queryTooLong: (max: number) => `Search is limited to ${max} characters: type a symbol or a company name.`,
  suggestionsFailedTitle: 'Error',
  suggestionsFailed: 'Failed to fetch stock suggestions. Please try again.',
  loadingPrice: 'Loading price data...',
  loadFailed: 'Unable to load complete stock data',
  detailsFailed: 'Failed to fetch stock details.',
  rateLimited: 'Polygon API rate limit exceeded. Please try again in a moment.',
  loadingChart: 'Loading chart...',
  /** The chart's title names what its time axis spans: the year of closes, and the forecast's days when one is drawn. */
  chartTitle: (symbol: string, forecastTo?: string) =>
    forecastTo
      ? `${symbol} closing prices, last 12 months, and forecast to ${forecastTo}`
      : `${symbol} closing prices, last 12 months`,
  legendClose: (symbol: string) => `${symbol} close`,
  legendForecast: 'Forecast target',
  legendBand: '80% range',
  legendHit: (low: string, high: string, date: string) => `Hit range: ${low} to ${high} on ${date}`,
  chartFailed: 'Failed to load the price chart.',
  demoNotice: 'Demo market data: prices are simulated',
} as const;

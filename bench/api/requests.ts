/** The requests the API benchmarks make (bench:api, bench:api:side-by-side, bench:capacity). */
import { DIRECTORY } from '../../functions/src/adapters/market-data/directory';

export const QUOTE_PATH = '/api/stocks/AAPL';
export const HISTORICAL_PATH = '/api/predictions/historical?symbol=AAPL&modelId=arima&timeFrame=short';
export const GENERATE_PATH = '/api/predictions/generate';

/**
 * One forecast, one charge (issue 12): the same stock, model and time frame again would only return the first
 * prediction, so every measured generate asks for a forecast not made yet today (164 stocks x 3 models x 3 time
 * frames are far more than a run makes).
 */
export const NEW_FORECASTS = [...DIRECTORY.keys()].flatMap((symbol) =>
  (['arima', 'xgboost', 'prophet'] as const).flatMap((modelId) =>
    (['short', 'medium', 'long'] as const).map((timeFrame) => JSON.stringify({ symbol, modelId, timeFrame })),
  ),
);

/** A caller's sequence of generate bodies, each a forecast not asked before in the sequence (wrapping round). */
export function newForecastSequence(): { next: () => string; asked: () => number } {
  let asked = 0;
  return { next: () => NEW_FORECASTS[asked++ % NEW_FORECASTS.length]!, asked: () => asked };
}

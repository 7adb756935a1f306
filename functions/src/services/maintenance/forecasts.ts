import { TimeFrame } from '@stockseer/contract';
import { lastFinalClose } from '../../domain/calendar';
import { AppError } from '../../domain/errors';
import { packGroups } from '../../domain/maintenance/runs';
import type { Firestore } from 'firebase-admin/firestore';
import type { Clock } from '../../domain/clock';
import {
  forecastsAskedBefore,
  type AskedForecast,
  type ForecastOfTheDay,
} from '../../adapters/firestore/forecastsOfTheDay';
import { recordWatchAlert, watchAlertsOf, watchedSymbols } from '../../adapters/firestore/watchlist';
import { forecastOfTheDay } from '../predictions/forecastOfTheDay';
import { defaultModels } from '../../adapters/firestore/settings';
import { forEachParallel, retryOrCountFailures, type MaintenanceStep } from './steps';

/** One stock's forecasts to prepare: its prices are read once for all of them. */
interface StockForecasts {
  symbol: string;
  forecasts: Omit<AskedForecast, 'symbol'>[];
  /** A watched stock: the default 7-day model, whose chance its watchers' alerts are checked against. */
  alertModelId?: AskedForecast['modelId'];
}

/** Forecasts per shard: a few seconds of fits on one instance (a fit takes 20 to 45 ms once its thread is warm). */
export const FORECASTS_PER_SHARD = 45;
/** Stocks prepared at once within a shard: the model pool has a thread per core. */
const PARALLEL_STOCKS = 2;

/**
 * Step 4 (issue 16): fit, before anyone asks, the forecasts the next session will ask for. Every stock, model and
 * time frame someone asked of an earlier close (by a cost preview or a generate: the forecasts of the day that the
 * cleanup step removes) is fitted from the close this run settles, so that the next day's previews and generates
 * of them read a stored forecast instead of fitting on the request.
 *
 * A prepared forecast is the one `forecastOfTheDay` would fit on demand: the same window of bars (anchored at the
 * origin), the same deterministic fit, the same odds; only earlier. It is stored as not yet asked, and makes the
 * next day's demand only once a preview or generate has read it: what nobody asks for again is not prepared again.
 * A stock whose provider has no price for that close yet is skipped (its forecasts are fitted on demand, as before),
 * and so is what a user asking would be refused anyway. `preparedForecastsCount` counts the forecasts ready for the
 * session, fitted by this shard or found stored (a retried shard finds its first attempt's).
 *
 * Watched stocks (docs/product.md#watchlist) add the default model of each time frame, once per stock however many
 * users star it: the Watchlist panel reads these. At most WATCHLIST_LIMIT stars per user bound what users add.
 * Once its 7-day forecast is ready, each watcher's alert is checked against its chance, once per run: an alert that
 * fires is written with a derived id (user, stock, date), so a retried shard writes it once.
 */
export const forecastStep: MaintenanceStep<{ stocks: StockForecasts[] }> = {
  name: 'forecasts',

  async plan({ db, clock }) {
    const [asked, watched, models] = await Promise.all([
      forecastsAskedBefore(db, lastFinalClose(clock.today(), clock.now())),
      watchedSymbols(db),
      defaultModels(db),
    ]);
    const ofWatched = watched.flatMap((symbol) =>
      TimeFrame.options.map((timeFrame) => ({ symbol, timeFrame, modelId: models[timeFrame] })),
    );
    const byStock = new Map<string, StockForecasts>(
      watched.map((symbol) => [symbol, { symbol, forecasts: [], alertModelId: models.short }]),
    );
    for (const { symbol, ...forecast } of [...asked, ...ofWatched]) {
      const stock = byStock.get(symbol) ?? { symbol, forecasts: [] };
      const same = (f: Omit<AskedForecast, 'symbol'>) =>
        f.modelId === forecast.modelId && f.timeFrame === forecast.timeFrame;
      if (!stock.forecasts.some(same)) stock.forecasts.push(forecast);
      byStock.set(symbol, stock);
    }
    const groups = [...byStock.values()].map((s) => ({ id: s.symbol, items: s.forecasts.length }));
    return packGroups(groups, FORECASTS_PER_SHARD).map((symbols) => {
      const stocks = symbols.map((symbol) => byStock.get(symbol)!);
      return { input: { stocks }, itemCount: stocks.reduce((n, s) => n + s.forecasts.length, 0) };
    });
  },

  async run(ctx, { stocks }) {
    const close = lastFinalClose(ctx.clock.today(), ctx.clock.now());
    let preparedForecastsCount = 0;
    const failures = await forEachParallel(stocks, PARALLEL_STOCKS, async ({ symbol, forecasts, alertModelId }) => {
      const bars = await refusedAsNone(() => ctx.marketData.barsUpTo(symbol, ctx.clock.today()));
      // The same call as a generate's, so the same origin; a provider without this close's price yet has nothing
      // to prepare from (a forecast from the close before would be the one already stored).
      if (bars?.at(-1)?.date !== close) return;
      for (const forecast of forecasts) {
        const prepare = () => forecastOfTheDay(ctx, { symbol, ...forecast }, bars, 'maintenance');
        const prepared = await refusedAsNone(prepare);
        if (!prepared) continue;
        preparedForecastsCount += 1;
        if (prepared.modelId === alertModelId && prepared.timeFrame === 'short') await fireAlerts(ctx, prepared);
      }
    });
    retryOrCountFailures(
      ctx,
      'forecasts of',
      failures.map(({ item, error }) => ({ item: item.symbol, error })),
    );
    // Counted in forecasts, as the shard's `itemCount` is (a shard that fails as a whole counts that).
    const failedCount = failures.reduce((n, { item }) => n + item.forecasts.length, 0);
    return { preparedForecastsCount, failedCount };
  },
};

/** Writes an alert for each watcher of the stock whose threshold its 7-day chance reached. */
async function fireAlerts(
  ctx: { db: Firestore; clock: Clock; runId: string },
  forecast: ForecastOfTheDay,
): Promise<void> {
  const alerts = await watchAlertsOf(ctx.db, forecast.symbol);
  const createdAt = ctx.clock.now().toISOString();
  for (const [userId, atLeastPercent] of alerts) {
    // Compared as fractions: 0.57 * 100 is 56.99999999999999, below an alert at 57%.
    if (forecast.hitProbability < atLeastPercent / 100) continue;
    const { symbol, predictionDate, modelId, hitProbability } = forecast;
    await recordWatchAlert(
      ctx.db,
      { userId, symbol, predictionDate, modelId, hitProbability, atLeastPercent, createdAt },
      ctx.runId,
    );
  }
}

/**
 * Nothing to prepare where a user asking would be refused for good: a symbol the provider no longer knows, or too
 * few closes for the model. Anything else (a provider or a model that failed this time) is a failure to retry.
 */
async function refusedAsNone<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && (error.kind === 'not_found' || error.kind === 'validation')) return undefined;
    throw error;
  }
}

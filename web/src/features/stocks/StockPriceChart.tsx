import { RetryButton } from '../../components/RetryButton';
import { failedReadText } from '../../lib/failedRead';
import { formatDate, formatPrice } from '../../lib/format';
import type { ChartOverlay } from './chartOverlay';
import { STOCK_TEXT } from './messages';
import { PriceChart } from './PriceChart';
import { usePriceHistory } from './useStockData';

interface Props {
  symbol: string;
  overlays?: readonly ChartOverlay[];
}

/** The last year of daily closes of the selected stock, and the forecast on show up to its target date. */
export function StockPriceChart({ symbol, overlays }: Props) {
  const { data: history, error, mutate } = usePriceHistory(symbol);
  const first = history?.points[0];
  const last = history?.points.at(-1);
  const forecastTo = overlays
    ?.map((overlay) => overlay.to)
    .sort()
    .at(-1);

  return (
    <section className="card price-chart-card" aria-label={`${symbol} price chart`}>
      <h3 className="price-chart-title">
        {STOCK_TEXT.chartTitle(symbol, forecastTo === undefined ? undefined : formatDate(forecastTo))}
      </h3>
      {error ? (
        <div className="read-failed">
          <p className="error-text">{failedReadText(error, STOCK_TEXT.chartFailed)}</p>
          <RetryButton onRetry={mutate} />
        </div>
      ) : !history ? (
        <p className="muted">{STOCK_TEXT.loadingChart}</p>
      ) : (
        <PriceChart
          points={history.points}
          overlays={overlays}
          priceName={STOCK_TEXT.legendClose(symbol)}
          label={
            first && last
              ? `${symbol} closed at ${formatPrice(first.close)} on ${formatDate(first.date)} and at ${formatPrice(last.close)} on ${formatDate(last.date)}`
              : `No closing prices for ${symbol}`
          }
        />
      )}
    </section>
  );
}

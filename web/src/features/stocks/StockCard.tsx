import type { ReactNode } from 'react';
import { RetryButton } from '../../components/RetryButton';
import { formatPrice } from '../../lib/format';
import { stockErrorText } from './errorText';
import { STOCK_TEXT } from './messages';
import { formatChange, trendOf } from '../../lib/format';
import { formatAsOf } from './quoteFormat';
import { useStockDetails } from './useStockData';

/**
 * The quote of the selected stock (docs/product.md#predictions-tab): price and change coloured by direction, the day's
 * figures, as-of time. `actions`: what the app puts on the card (the watchlist's star).
 */
export function StockCard({ symbol, actions }: { symbol: string; actions?: ReactNode }) {
  const { data: stock, error, mutate } = useStockDetails(symbol);

  if (error) {
    return (
      <section className="card stock-card" role="alert">
        <h2 className="stock-card-error">{STOCK_TEXT.loadFailed}</h2>
        <p className="muted">{stockErrorText(error, STOCK_TEXT.detailsFailed)}</p>
        <RetryButton onRetry={mutate} />
      </section>
    );
  }
  if (!stock) {
    return (
      <section className="card stock-card" aria-busy="true">
        <p className="muted">{STOCK_TEXT.loadingPrice}</p>
      </section>
    );
  }

  const trend = trendOf(stock.priceChange);
  return (
    <section className="card stock-card" aria-label={`${stock.symbol} quote`}>
      <div className="stock-card-head">
        <div>
          <h2 className="stock-card-symbol">
            {stock.symbol} <span className="exchange-badge">{stock.exchange}</span>
          </h2>
          <p className="stock-card-name">{stock.name}</p>
          {actions}
        </div>
        <div className="stock-card-price">
          <p className={`price trend-${trend}`} data-testid="stock-price">
            {formatPrice(stock.price)}
          </p>
          <p className={`price-change trend-${trend}`} data-testid="stock-change">
            {formatChange(stock.priceChange, stock.priceChangePercent)}
          </p>
        </div>
      </div>
      <dl className="stock-stats">
        <Stat label="Open" value={formatPrice(stock.open)} />
        <Stat label="Previous Close" value={formatPrice(stock.previousClose)} />
        <Stat label="Day Range" value={`${formatPrice(stock.dayLow)} - ${formatPrice(stock.dayHigh)}`} />
        <Stat label="As of" value={formatAsOf(stock.asOf)} />
      </dl>
    </section>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="stock-stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

import './stocks.css';
import type { ReactNode } from 'react';
import type { ChartOverlay } from './chartOverlay';
import { DemoNotice } from './DemoNotice';
import { StockCard } from './StockCard';
import { StockPriceChart } from './StockPriceChart';
import { StockSearch } from './StockSearch';

interface Props {
  /** The stock the user picked; the app keeps it so that other panels (predictions) can use it. */
  selectedSymbol: string | undefined;
  onSelect: (symbol: string) => void;
  /** Forecasts to draw on the price chart, passed in by the app from the predictions panel. */
  chartOverlays?: readonly ChartOverlay[];
  /** Put on the selected stock's card by the app (the watchlist's star). */
  cardActions?: ReactNode;
}

/** The Predictions tab's market view: the search box, then the selected stock's card and chart. */
export function StockExplorer({ selectedSymbol, onSelect, chartOverlays, cardActions }: Props) {
  return (
    <div className="stock-explorer">
      <DemoNotice />
      <StockSearch selectedSymbol={selectedSymbol} onSelect={onSelect} />
      {selectedSymbol && (
        <>
          <StockCard symbol={selectedSymbol} actions={cardActions} />
          <StockPriceChart symbol={selectedSymbol} overlays={chartOverlays} />
        </>
      )}
    </div>
  );
}

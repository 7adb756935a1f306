import { useCallback, useMemo, useState } from 'react';
import type { ForecastTerms, Wallet } from '@stockseer/contract';
import { ODDS_TEXT } from '../features/predictions/oddsText';
import { PredictionPanel } from '../features/predictions/PredictionPanel';
import { useClearPreviews } from '../features/predictions/predictionsApi';
import type { ChartOverlay } from '../features/stocks/chartOverlay';
import { StockExplorer } from '../features/stocks/StockExplorer';
import { AddFundsDialog } from '../features/wallet/AddFundsDialog';
import { StarButton } from '../features/watchlist/StarButton';
import { WatchlistPanel } from '../features/watchlist/WatchlistPanel';
import { useRefreshWallet } from '../features/wallet/walletApi';

interface Props {
  uid: string;
  isAdmin: boolean;
  selectedSymbol: string | undefined;
  onSelect: (symbol: string) => void;
}

/** The forecast's target line and 80% band, from its last close to its target date, and its hit range on that day. */
const overlayOf = (p: ForecastTerms): ChartOverlay => ({
  from: p.predictionDate,
  to: p.targetDate,
  target: p.targetPrice,
  lower: p.lowerPrice,
  upper: p.upperPrice,
  hitLow: p.hitLow,
  hitHigh: p.hitHigh,
});

/**
 * The Predictions tab: the stock explorer above the prediction panel for the stock picked in it. The panel's
 * leading forecast is drawn on the explorer's chart, and a generated prediction refreshes the wallet feature's data.
 * The stock's card carries the watchlist's star; the Watchlist panel comes last, and picking a stock in it shows it.
 */
export function PredictionsSection({ uid, isAdmin, selectedSymbol, onSelect }: Props) {
  const [forecast, setForecast] = useState<ForecastTerms>();
  // One array per forecast: the chart is redrawn only when the forecast changes.
  const overlays = useMemo(() => (forecast ? [overlayOf(forecast)] : undefined), [forecast]);
  const refreshWallet = useRefreshWallet(uid);
  const onWalletChanged = useCallback((wallet: Wallet) => void refreshWallet(wallet), [refreshWallet]);
  // The wallet's own dialog, opened from the prediction panel when the next forecast cannot be paid for.
  const clearPreviews = useClearPreviews(uid);
  const addFunds = useMemo(
    () => <AddFundsDialog uid={uid} triggerLabel={ODDS_TEXT.addFunds} onFunded={() => void clearPreviews()} />,
    [uid, clearPreviews],
  );

  return (
    <div className="predictions-section">
      <StockExplorer
        selectedSymbol={selectedSymbol}
        onSelect={onSelect}
        chartOverlays={overlays}
        cardActions={selectedSymbol && <StarButton uid={uid} symbol={selectedSymbol} />}
      />
      <PredictionPanel
        uid={uid}
        symbol={selectedSymbol}
        isAdmin={isAdmin}
        onWalletChanged={onWalletChanged}
        onForecast={setForecast}
        addFunds={addFunds}
      />
      <WatchlistPanel uid={uid} onSelect={onSelect} />
    </div>
  );
}

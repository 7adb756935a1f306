import './predictions.css';
import { useId, useMemo, useState, type ReactNode } from 'react';
import type { ForecastTerms, ModelChoice, TimeFrame, Wallet } from '@stockseer/contract';
import { Tabs } from '../../components/Tabs';
import { PREDICTION_TEXT, TIME_FRAME_TABS } from './messages';
import { ModelSelector } from './ModelSelector';
import { NewPredictions } from './NewPredictions';
import { PastPredictions } from './PastPredictions';

type View = 'past' | 'new';
const VIEWS = [
  { key: 'past', label: PREDICTION_TEXT.past },
  { key: 'new', label: PREDICTION_TEXT.new },
] as const;

interface Props {
  uid: string;
  /** The stock picked in the stock explorer; nothing to predict until there is one. */
  symbol: string | undefined;
  isAdmin: boolean;
  /** Generating used an allowance or reserved $1: the app refreshes the wallet it shows elsewhere. */
  onWalletChanged: (wallet: Wallet) => void;
  /** The forecast the list in view leads with, for the price chart. */
  onForecast: (forecast?: ForecastTerms) => void;
  /** The wallet's add-funds button, for when the wallet cannot pay for the next forecast. */
  addFunds?: ReactNode;
}

/**
 * The model selector, then Past/New sub-tabs (New first), each with Short/Medium/Long timeframes
 * (docs/product.md#predictions-tab).
 */
export function PredictionPanel({ uid, symbol, isAdmin, onWalletChanged, onForecast, addFunds }: Props) {
  const headingId = useId();
  const [modelId, setModelId] = useState<ModelChoice>('recommended');
  const [view, setView] = useState<View>('new');
  const [timeFrame, setTimeFrame] = useState<TimeFrame>('short');
  const query = useMemo(() => symbol && { symbol, modelId, timeFrame }, [symbol, modelId, timeFrame]);

  if (!query) {
    return (
      <section className="card empty-state">
        <p className="muted">{PREDICTION_TEXT.pickStock}</p>
      </section>
    );
  }
  return (
    <section className="card prediction-panel" aria-labelledby={headingId}>
      <div className="prediction-panel-head">
        <h2 id={headingId}>{PREDICTION_TEXT.heading(query.symbol)}</h2>
        <ModelSelector value={modelId} onChange={setModelId} isAdmin={isAdmin} />
      </div>
      <Tabs
        label={PREDICTION_TEXT.panelLabel}
        tabs={VIEWS}
        active={view}
        onChange={setView}
        className="prediction-views"
      >
        <Tabs
          label={PREDICTION_TEXT.timeFrameLabel}
          tabs={TIME_FRAME_TABS}
          active={timeFrame}
          onChange={setTimeFrame}
          className="timeframe-tabs"
        >
          {view === 'past' ? (
            <PastPredictions query={query} onForecast={onForecast} />
          ) : (
            <NewPredictions
              uid={uid}
              query={query}
              onWalletChanged={onWalletChanged}
              onForecast={onForecast}
              addFunds={addFunds}
            />
          )}
        </Tabs>
      </Tabs>
    </section>
  );
}

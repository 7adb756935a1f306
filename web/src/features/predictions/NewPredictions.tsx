import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { PREDICTION_FEE_CENTS, type ForecastTerms, type PredictionListQuery, type Wallet } from '@stockseer/contract';
import { byTargetDateDesc } from './accuracy';
import { useNeedsConnection } from '../../components/NeedsConnection';
import { NotLoaded } from '../../components/NotLoaded';
import { ConfirmReserveDialog } from './ConfirmReserveDialog';
import { CostPreview } from './CostPreview';
import { PREDICTION_TEXT } from './messages';
import { ODDS_TEXT } from './oddsText';
import { useErrorToast, useShowForecast } from './panelHooks';
import { useLiveStatuses } from '../../lib/liveStatusApi';
import { PredictionList } from './PredictionList';
import { useFuturePredictions, usePredictionPreview } from './predictionsApi';
import { useGeneratePrediction } from './useGeneratePrediction';

interface Props {
  uid: string;
  query: PredictionListQuery;
  onWalletChanged: (wallet: Wallet) => void;
  onForecast: (forecast?: ForecastTerms) => void;
  /** The wallet's add-funds button: it takes Generate's place when the wallet cannot pay for the next click. */
  addFunds: ReactNode;
}

/**
 * The user's own forecasts for the selection, and the button that makes a new one: before it, the chance of a hit
 * and the price of the click; a paid click asks first; asking for a forecast one already has shows that one.
 */
export function NewPredictions({ uid, query, onWalletChanged, onForecast, addFunds }: Props) {
  const onError = useErrorToast(PREDICTION_TEXT.futureFailed);
  const { data, error, mutate } = useFuturePredictions(uid, query, onError);
  const preview = usePredictionPreview(uid, query);
  const liveStatuses = useLiveStatuses(uid);
  const { generate, generating, generated, duplicate } = useGeneratePrediction(uid, query, onWalletChanged);
  const [confirming, setConfirming] = useState(false);
  const connection = useNeedsConnection();
  const predictions = useMemo(() => (generated ? [generated] : data && byTargetDateDesc(data)), [generated, data]);
  // The chart draws the newest forecast of the selection or, before there is one, the forecast the click would make.
  useShowForecast(predictions?.[0] ?? preview.data, onForecast);
  const duplicateNote = useRef<HTMLParagraphElement>(null);
  const view = useRef<HTMLDivElement>(null);
  // On a phone the new card (or the note pointing at the forecast already had) lands below the fold: bring it up.
  useEffect(() => {
    if (!generated) return;
    const shown = duplicate ? duplicateNote.current : view.current?.querySelector('.prediction-card');
    shown?.scrollIntoView?.({ block: 'nearest' });
  }, [duplicate, generated]);

  const cost = preview.data?.cost;
  // What a confirmation names: the preview's reservation, or, when no preview could be had, the fee it may take.
  const toConfirm =
    cost?.kind === 'reserve'
      ? cost
      : cost === undefined
        ? { amountCents: PREDICTION_FEE_CENTS, expectedCostCents: null }
        : undefined;
  const onGenerate = async () => {
    if (generating || connection.offline) return;
    // A click before the preview has arrived waits for it; without one, a click that may be paid still asks.
    const known = preview.data ?? (await preview.mutate().catch(() => undefined));
    if (known === undefined || known.cost.kind === 'reserve') setConfirming(true);
    else void generate();
  };

  return (
    <div className="prediction-view" ref={view}>
      <p className="info-note">{ODDS_TEXT.infoNote(query.timeFrame, preview.data?.allowance)}</p>
      <CostPreview preview={preview.data} error={preview.error} onRetry={preview.mutate} />
      {/* A click the wallet cannot pay for is not offered: the way to pay is. */}
      {cost?.kind === 'insufficient' ? (
        addFunds
      ) : (
        <>
          {/* aria-disabled, not disabled, while busy: a disabled button drops the keyboard focus to the page's top. */}
          <button
            type="button"
            className="button generate-button"
            aria-disabled={generating}
            {...connection.buttonProps}
            onClick={() => void onGenerate()}
          >
            {generating ? PREDICTION_TEXT.generating : PREDICTION_TEXT.generate}
          </button>
          {connection.reason}
        </>
      )}
      <ConfirmReserveDialog
        cost={confirming ? toConfirm : undefined}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void generate();
        }}
      />
      {duplicate && (
        <p className="duplicate-note" role="status" ref={duplicateNote}>
          {ODDS_TEXT.duplicate}
        </p>
      )}
      {predictions ? (
        <PredictionList
          predictions={predictions}
          empty={PREDICTION_TEXT.noFuture}
          highlightedId={duplicate ? generated?.id : undefined}
          liveStatuses={liveStatuses}
        />
      ) : (
        <NotLoaded
          error={error}
          failedText={PREDICTION_TEXT.futureFailed}
          loadingText={PREDICTION_TEXT.loading}
          onRetry={mutate}
        />
      )}
    </div>
  );
}

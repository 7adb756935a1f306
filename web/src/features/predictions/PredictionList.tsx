import type { LiveStatus, Prediction } from '@stockseer/contract';
import { PredictionCard } from './PredictionCard';

interface Props {
  predictions: readonly Prediction[];
  empty: string;
  /** The card to point out (the forecast the user asked for again). */
  highlightedId?: string;
  /** How each open prediction stands now, by id (the user's own lists only). */
  liveStatuses?: ReadonlyMap<string, LiveStatus>;
}

/** The cards of a list, or the list's empty text. */
export function PredictionList({ predictions, empty, highlightedId, liveStatuses }: Props) {
  if (predictions.length === 0) return <p className="muted prediction-empty">{empty}</p>;
  return (
    <ul className="prediction-list">
      {predictions.map((prediction) => (
        <li key={prediction.id}>
          <PredictionCard
            prediction={prediction}
            highlighted={prediction.id === highlightedId}
            live={liveStatuses?.get(prediction.id)}
          />
        </li>
      ))}
    </ul>
  );
}

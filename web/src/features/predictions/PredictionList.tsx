import type { Prediction } from '@stockseer/contract';
import { PredictionCard } from './PredictionCard';

interface Props {
  predictions: readonly Prediction[];
  empty: string;
  /** The card to point out (the forecast the user asked for again). */
  highlightedId?: string;
}

/** The cards of a list, or the list's empty text. */
export function PredictionList({ predictions, empty, highlightedId }: Props) {
  if (predictions.length === 0) return <p className="muted prediction-empty">{empty}</p>;
  return (
    <ul className="prediction-list">
      {predictions.map((prediction) => (
        <li key={prediction.id}>
          <PredictionCard prediction={prediction} highlighted={prediction.id === highlightedId} />
        </li>
      ))}
    </ul>
  );
}

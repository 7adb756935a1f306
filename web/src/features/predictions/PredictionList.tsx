import type { Prediction } from '@stockseer/contract';
import { PredictionCard } from './PredictionCard';

/** The cards of a list, or the list's empty text. */
export function PredictionList({ predictions, empty }: { predictions: readonly Prediction[]; empty: string }) {
  if (predictions.length === 0) return <p className="muted prediction-empty">{empty}</p>;
  return (
    <ul className="prediction-list">
      {predictions.map((prediction) => (
        <li key={prediction.id}>
          <PredictionCard prediction={prediction} />
        </li>
      ))}
    </ul>
  );
}

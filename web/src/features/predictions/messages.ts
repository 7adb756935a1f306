import { TIME_FRAME_NAMES, TimeFrame, type ModelChoice } from '@stockseer/contract';
import { PENDING_TEXT } from '../../lib/format';

/** The Predictions panel's texts (docs/product.md#ui-texts), written once; the tests import the same constants. */
export const PREDICTION_TEXT = {
  pickStock: 'Search for a stock above to see its past predictions and generate new ones.',
  heading: (symbol: string) => `${symbol} predictions`,
  panelLabel: 'Prediction lists',
  timeFrameLabel: 'Timeframe',
  modelPickerTitle: 'Select AI Model for Prediction',
  modelSelectLabel: 'AI Model',
  past: 'Past Predictions',
  new: 'New Predictions',
  loading: 'Loading predictions...',
  pastIntro: (model: string, days: number) =>
    `How ${model} did on past dates of this stock, forecasting ${days} trading days ahead each time.`,
  noPast: 'No historical predictions available.',
  reliabilityBacktest: (symbol: string) => `Back-test (${symbol})`,
  reliabilityBacktestPhrase: (symbol: string) => `in ${symbol}\u2019s back-test`,
  reliabilityLive: 'Live (all stocks)',
  noFuture: 'No future predictions generated yet.',
  hitSummary: (hits: number, resolved: number) => `${hits} out of ${resolved} predictions hit target`,
  accuracy: (percent: string) => `Accuracy ${percent}`,
  naiveBaseline: (percent: string) => `Naive "no change" forecast: ${percent}`,
  naiveBaselineHint: 'The hit rate of simply predicting today\u2019s price, on the same dates.',
  naiveBaselineQuestion: 'What does the \u201cno change\u201d hit rate mean?',
  generate: 'Generate Prediction',
  generating: 'Generating...',
  errorTitle: 'Error',
  successTitle: 'Success',
  generated: 'Future prediction generated successfully.',
  generateFailed: 'Failed to generate prediction. Please try again.',
  historicalFailed: 'Failed to fetch historical predictions. Please try again.',
  futureFailed: 'Failed to fetch future predictions. Please try again.',
} as const;

/** The words of a prediction card. */
export const CARD_TEXT = {
  predicted: 'Predicted',
  target: 'Target',
  range: '80% range',
  hitRange: (targetDate: string) => `Hits if the close on ${targetDate} is within`,
  actual: 'Actual',
  pending: PENDING_TEXT,
  cost: 'Cost',
} as const;

export { STATUS_LABELS } from '../../lib/format';

/** The time-frame tabs: Short, Medium, Long. */
export const TIME_FRAME_TABS = TimeFrame.options.map((key) => ({ key, label: TIME_FRAME_NAMES[key] }));

/** One line per model, so a picker says what each choice means. */
export const MODEL_DESCRIPTIONS: Record<ModelChoice, string> = {
  recommended: 'Our default for this timeframe, chosen by back-tested accuracy.',
  prophet: 'Trend and seasonality, fitted by Meta\u2019s Prophet.',
  arima: 'A classic statistical model of recent daily returns.',
  xgboost: 'Gradient-boosted trees on recent price movements.',
};

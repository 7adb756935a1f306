import { TRACK_RECORD_MIN_RESOLVED, type LiveTrackRecord } from '@stockseer/contract';
import { ExplainedText } from '../../components/ExplainedText';
import { formatChance } from '../../lib/format';
import { ODDS_TEXT } from './oddsText';
import './liveTrackRecord.css';

/** Beside the back-tested badge: how users' own forecasts did, or "Tracking" until enough have resolved. */
export function LiveTrackRecordBadge({ record }: { record: LiveTrackRecord }) {
  if (record.resolved < TRACK_RECORD_MIN_RESOLVED) {
    return (
      <ExplainedText
        className="naive-baseline"
        text={ODDS_TEXT.tracking}
        explanation={ODDS_TEXT.trackingHint(TRACK_RECORD_MIN_RESOLVED)}
        question={ODDS_TEXT.trackingQuestion}
      />
    );
  }
  const expected = record.meanPredicted === null ? null : formatChance(record.meanPredicted);
  return (
    <ExplainedText
      className="naive-baseline"
      text={ODDS_TEXT.live(record.resolved, formatChance(record.hits / record.resolved), expected)}
      explanation={ODDS_TEXT.liveHint}
      question={ODDS_TEXT.liveQuestion}
    />
  );
}

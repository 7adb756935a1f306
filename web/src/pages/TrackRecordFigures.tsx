import useSWR from 'swr';
import {
  PublicTrackRecord,
  TIME_FRAME_LABELS,
  TimeFrame,
  type PublicTrackRecordRow,
  type TrackRecordSummary,
} from '@stockseer/contract';
import { ReliabilityChart } from '../components/ReliabilityChart';
import { NotLoaded } from '../components/NotLoaded';
import { RELIABILITY_TEXT } from '../components/reliabilityText';
import { api } from '../lib/api';
import { formatChance, formatDate } from '../lib/format';
import { TRACK_RECORD_TEXT as T } from './trackRecordText';

const TRACK_RECORD_PATH = '/api/track-record';

/** The track record's figures: one cached GET (functions/src/http/routes/trackRecord.ts), per time frame and model. */
export default function TrackRecordFigures() {
  const { data, error, mutate } = useSWR(TRACK_RECORD_PATH, () => api(TRACK_RECORD_PATH, PublicTrackRecord));
  return data ? (
    <>
      {TimeFrame.options.map((timeFrame) => (
        <section key={timeFrame} className="track-record-frame" aria-labelledby={`frame-${timeFrame}`}>
          <h2 id={`frame-${timeFrame}`}>{TIME_FRAME_LABELS[timeFrame]}</h2>
          <div className="track-record-models">
            {data.rows
              .filter((row) => row.timeFrame === timeFrame)
              .map((row) => (
                <ModelRecord key={row.modelId} row={row} />
              ))}
          </div>
        </section>
      ))}
      <p className="muted">{T.asOf(formatDate(data.asOf.slice(0, 10)))}</p>
    </>
  ) : (
    <NotLoaded error={error} failedText={T.failed} loadingText={T.loading} onRetry={mutate} />
  );
}

function ModelRecord({ row }: { row: PublicTrackRecordRow }) {
  const label = `${row.modelName}, ${TIME_FRAME_LABELS[row.timeFrame]}`;
  return (
    <section className="card track-record-model" aria-label={label}>
      <h3>{row.modelName}</h3>
      <Figures name={T.backtest} summary={row.backtest} />
      <Figures name={T.live} summary={row.live} />
      {(row.backtest || row.live) && (
        <ReliabilityChart
          title={RELIABILITY_TEXT.titleOf(row.modelName, TIME_FRAME_LABELS[row.timeFrame])}
          series={[
            { name: T.backtest, phrase: T.backtestPhrase, summary: row.backtest },
            { name: T.live, phrase: RELIABILITY_TEXT.livePhrase, summary: row.live },
          ]}
        />
      )}
    </section>
  );
}

const skill = (s: TrackRecordSummary) => (s.brierSkill === null ? '-' : s.brierSkill.toFixed(3));

/** One line of figures, or "Tracking" while too few forecasts have resolved. */
function Figures({ name, summary }: { name: string; summary: TrackRecordSummary | null }) {
  return (
    <div className="track-record-figures">
      <h4>{name}</h4>
      {summary ? (
        <dl>
          <div>
            <dt>{T.hitRate}</dt>
            <dd>
              {formatChance(summary.hits / summary.resolved)}{' '}
              <span className="muted">({T.resolved(summary.resolved)})</span>
            </dd>
          </div>
          <div>
            <dt>{T.statedChance}</dt>
            <dd>{summary.meanPredicted === null ? '-' : formatChance(summary.meanPredicted)}</dd>
          </div>
          <div>
            <dt>{T.brierSkill}</dt>
            <dd>{skill(summary)}</dd>
          </div>
        </dl>
      ) : (
        <p className="track-record-tracking">{T.tracking}</p>
      )}
    </div>
  );
}

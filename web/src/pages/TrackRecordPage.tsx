import './trackRecord.css';
import { lazy, Suspense } from 'react';
import { TRACK_RECORD_TEXT as T } from './trackRecordText';

// The figures need the contract's schemas (zod), the chart and the API client: they load beside the text, which
// shows (the page's largest paint) without waiting for them.
const TrackRecordFigures = lazy(() => import('./TrackRecordFigures'));

/**
 * `/track-record` (issue 24): public, no sign-in. Per time frame and model, the back-tested and live hit rates, the
 * mean stated chance, the Brier skill and the reliability chart, and what a hit is. The data is one cached GET
 * (functions/src/http/routes/trackRecord.ts); the page's text renders before it arrives.
 */
export default function TrackRecordPage() {
  return (
    <article className="track-record">
      <h1>{T.title}</h1>
      <p className="lead">{T.lead}</p>
      <section className="card prose track-record-rule" aria-labelledby="hit-rule">
        <h2 id="hit-rule">{T.hitTitle}</h2>
        <p>{T.hitRule}</p>
        <h2>{T.termsTitle}</h2>
        <dl className="track-record-terms">
          {T.terms.map(([term, meaning]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
      </section>
      <Suspense
        fallback={
          <p className="muted" aria-busy="true">
            {T.loading}
          </p>
        }
      >
        <TrackRecordFigures />
      </Suspense>
    </article>
  );
}

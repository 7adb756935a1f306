import './reliabilityChart.css';
import { formatChance } from '../lib/format';
import { useId } from 'react';
import { TRACK_RECORD_MIN_RESOLVED } from '@stockseer/contract';
import { binHitRate, binLabel, RELIABILITY_TEXT, reliabilitySentence, type ReliabilitySeries } from './reliabilityText';

interface Props {
  /** The chart's heading, naming what it covers (a model and time frame). */
  title: string;
  series: readonly ReliabilitySeries[];
}

// The drawing's own coordinates; the SVG scales to its box.
const W = 320;
const H = 220;
const LEFT = 40;
const RIGHT = 18;
const TOP = 12;
const BOTTOM = 34;
const x = (chance: number) => LEFT + chance * (W - LEFT - RIGHT);
const y = (rate: number) => H - BOTTOM - rate * (H - TOP - BOTTOM);
const TICKS = [0, 0.25, 0.5, 0.75, 1];

/**
 * A reliability chart (issue 24): per decile of the stated chance, how often forecasts hit, for each series (the
 * back-test, the live record); a dot's area grows with its count, and on the diagonal the chances were right. The
 * drawing is a picture with a description; the same figures are a real table behind "Show the figures as a table",
 * and the sentence above it says one decile in words.
 */
export function ReliabilityChart({ title, series }: Props) {
  const titleId = useId();
  const shown = series.filter((s) => s.summary !== null);
  const sentence = reliabilitySentence(series);
  const description = shown.map((s) => RELIABILITY_TEXT.describe(s.name, s.summary!.reliability)).join('. ');
  const maxCount = Math.max(1, ...shown.flatMap((s) => s.summary!.reliability.map((b) => b.count)));
  return (
    <figure className="reliability" aria-labelledby={titleId}>
      <figcaption id={titleId} className="reliability-title">
        {title}
      </figcaption>
      {sentence && <p className="reliability-sentence">{sentence}</p>}
      <svg className="reliability-plot" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={description || title}>
        {TICKS.map((t) => (
          <g key={t} className="reliability-grid">
            <line x1={x(0)} x2={x(1)} y1={y(t)} y2={y(t)} />
            <text x={LEFT - 6} y={y(t) + 4} textAnchor="end">
              {Math.round(t * 100)}%
            </text>
            <text x={x(t)} y={H - BOTTOM + 16} textAnchor="middle">
              {Math.round(t * 100)}%
            </text>
          </g>
        ))}
        <text className="reliability-axis" x={(x(0) + x(1)) / 2} y={H - 4} textAnchor="middle">
          {RELIABILITY_TEXT.xAxis}
        </text>
        <line className="reliability-perfect" x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} />
        {shown.map((s, i) => {
          const points = s.summary!.reliability.flatMap((bin) => {
            const rate = binHitRate(bin);
            return rate === null || bin.meanPredicted === null ? [] : [{ bin, cx: x(bin.meanPredicted), cy: y(rate) }];
          });
          return (
            <g key={s.name} className={`reliability-series reliability-series-${i}`}>
              <polyline points={points.map((p) => `${p.cx},${p.cy}`).join(' ')} />
              {points.map(({ bin, cx, cy }) => (
                <circle key={bin.from} cx={cx} cy={cy} r={3 + 6 * Math.sqrt(bin.count / maxCount)} />
              ))}
            </g>
          );
        })}
      </svg>
      <ul className="reliability-legend">
        {series.map((s, i) =>
          s.summary ? (
            <li key={s.name}>
              <span className={`reliability-swatch reliability-swatch-${i}`} aria-hidden="true" />
              {s.name}
            </li>
          ) : (
            <li key={s.name}>{RELIABILITY_TEXT.tracking(s.name, TRACK_RECORD_MIN_RESOLVED)}</li>
          ),
        )}
        <li>
          <span className="reliability-swatch reliability-swatch-perfect" aria-hidden="true" />
          {RELIABILITY_TEXT.perfect}
        </li>
      </ul>
      {shown.length > 0 && (
        <details className="reliability-details">
          <summary>{RELIABILITY_TEXT.showTable}</summary>
          <div className="table-scroll">
            <table className="reliability-table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{RELIABILITY_TEXT.chance}</th>
                  {shown.flatMap((s) => [
                    <th key={`${s.name}-n`} scope="col">
                      {RELIABILITY_TEXT.forecasts(s.name)}
                    </th>,
                    <th key={`${s.name}-hit`} scope="col">
                      {RELIABILITY_TEXT.hitRate(s.name)}
                    </th>,
                  ])}
                </tr>
              </thead>
              <tbody>
                {shown[0]!.summary!.reliability.map((bin, row) => (
                  <tr key={bin.from}>
                    <th scope="row">{binLabel(bin)}</th>
                    {shown.flatMap((s) => {
                      const b = s.summary!.reliability[row]!;
                      const rate = binHitRate(b);
                      return [
                        <td key={`${s.name}-n`}>{b.count}</td>,
                        <td key={`${s.name}-hit`}>{rate === null ? '-' : formatChance(rate)}</td>,
                      ];
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </figure>
  );
}

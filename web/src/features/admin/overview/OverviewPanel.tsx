import './overview.css';
import { useState } from 'react';
import { Granularity, OVERVIEW_DEFAULT_PERIODS, type OverviewPeriod } from '@stockseer/contract';
import { NotLoaded } from '../../../components/NotLoaded';
import { FiguresChart } from './FiguresChart';
import { useOverview } from './overviewApi';
import { CHARTS, FIGURES, formatFigure, nothingHappened, periodSummary } from './overviewFigures';
import { OVERVIEW_TEXT } from './overviewText';

/**
 * Admin > Overview (docs/product.md#overview): the business per day or per month, as tiles summing the period,
 * then a chart per subject (money, predictions, users), each with its table and CSV file.
 */
export function OverviewPanel() {
  const [granularity, setGranularity] = useState<Granularity>('day');
  const { data, error, mutate } = useOverview(granularity);

  return (
    <section className="overview" aria-labelledby="overview-title">
      <div className="overview-head">
        <div>
          <h2 id="overview-title">{OVERVIEW_TEXT.title}</h2>
          <p className="muted">{OVERVIEW_TEXT.range(granularity, OVERVIEW_DEFAULT_PERIODS[granularity])}</p>
        </div>
        <fieldset className="overview-granularity">
          <legend>{OVERVIEW_TEXT.granularity}</legend>
          {Granularity.options.map((option) => (
            <label key={option}>
              <input
                type="radio"
                name="overview-granularity"
                value={option}
                checked={granularity === option}
                onChange={() => setGranularity(option)}
              />
              {OVERVIEW_TEXT.granularities[option]}
            </label>
          ))}
        </fieldset>
      </div>
      {data && data.granularity === granularity ? (
        <>
          <Tiles periods={data.periods} granularity={granularity} />
          {nothingHappened(data.periods) ? (
            <p className="card empty-state">{OVERVIEW_TEXT.empty}</p>
          ) : (
            CHARTS.map((chart) => (
              <FiguresChart key={chart.key} granularity={granularity} chart={chart} periods={data.periods} />
            ))
          )}
        </>
      ) : (
        <NotLoaded
          error={error}
          failedText={OVERVIEW_TEXT.failed}
          loadingText={OVERVIEW_TEXT.loading}
          onRetry={mutate}
        />
      )}
    </section>
  );
}

function Tiles({ periods, granularity }: { periods: readonly OverviewPeriod[]; granularity: Granularity }) {
  const s = periodSummary(periods);
  const tiles = [
    { label: FIGURES.moneyIn.label, value: formatFigure(FIGURES.moneyIn, s.moneyIn) },
    { label: FIGURES.revenue.label, value: formatFigure(FIGURES.revenue, s.revenue) },
    { label: FIGURES.released.label, value: formatFigure(FIGURES.released, s.released) },
    { label: FIGURES.takenBack.label, value: formatFigure(FIGURES.takenBack, s.takenBack) },
    {
      label: FIGURES.reservedOutstanding.label,
      value: formatFigure(FIGURES.reservedOutstanding, s.reservedOutstanding),
      detail: OVERVIEW_TEXT.atEnd,
    },
    { label: FIGURES.credits.label, value: formatFigure(FIGURES.credits, s.credits) },
    {
      label: OVERVIEW_TEXT.predictionsMadeLabel,
      value: formatFigure(FIGURES.resolved, s.freePredictions + s.paidPredictions),
      detail: OVERVIEW_TEXT.predictionsMade(s.freePredictions, s.paidPredictions),
    },
    {
      label: FIGURES.hitRate.label,
      value: formatFigure(FIGURES.hitRate, s.hitRate),
      detail: s.resolved > 0 ? OVERVIEW_TEXT.hitRateOf(s.hits, s.resolved) : OVERVIEW_TEXT.noneResolved,
    },
    {
      label: FIGURES.activeUsers.label,
      value: formatFigure(FIGURES.activeUsers, s.busiestActiveUsers),
      detail: OVERVIEW_TEXT.busiest(granularity),
    },
    { label: FIGURES.newUsers.label, value: formatFigure(FIGURES.newUsers, s.newUsers) },
  ];
  return (
    <dl className="overview-tiles" aria-label={OVERVIEW_TEXT.tiles}>
      {tiles.map((tile) => (
        <div key={tile.label} className="overview-tile">
          <dt>{tile.label}</dt>
          <dd className="overview-tile-value">{tile.value}</dd>
          {tile.detail && <dd className="overview-tile-detail">{tile.detail}</dd>}
        </div>
      ))}
    </dl>
  );
}

import type {
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesPrimitive,
  SeriesAttachedParameter,
  Time,
} from 'lightweight-charts';
import type { ChartOverlay } from './chartOverlay';

type DrawTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** What a primitive drawn on a series shares: it is told when it is attached, and draws one pane view. */
abstract class SeriesDrawing implements ISeriesPrimitive<Time> {
  protected attachedTo?: SeriesAttachedParameter<Time>;
  private readonly view: IPrimitivePaneView;

  constructor(zOrder: 'bottom' | 'top') {
    this.view = { zOrder: () => zOrder, renderer: () => (this.attachedTo ? this.renderer(this.attachedTo) : null) };
  }

  attached(param: SeriesAttachedParameter<Time>) {
    this.attachedTo = param;
  }

  detached() {
    this.attachedTo = undefined;
  }

  paneViews() {
    return [this.view];
  }

  protected abstract renderer(attachedTo: SeriesAttachedParameter<Time>): IPrimitivePaneRenderer | null;
}

/**
 * The 80% band of a forecast: a shaded rectangle from `lower` to `upper` between `from` and `to`, drawn under the
 * series it is attached to. lightweight-charts has no band series, so this is a small series primitive.
 */
export class ForecastBand extends SeriesDrawing {
  constructor(
    private readonly band: Pick<ChartOverlay, 'from' | 'to' | 'lower' | 'upper'>,
    private readonly fill: string,
  ) {
    super('bottom');
  }

  /** The price scale makes room for the whole band, not only for the target line. */
  autoscaleInfo() {
    return { priceRange: { minValue: this.band.lower, maxValue: this.band.upper } };
  }

  protected renderer({ chart, series }: SeriesAttachedParameter<Time>): IPrimitivePaneRenderer | null {
    const left = chart.timeScale().timeToCoordinate(this.band.from);
    const right = chart.timeScale().timeToCoordinate(this.band.to);
    const top = series.priceToCoordinate(this.band.upper);
    const bottom = series.priceToCoordinate(this.band.lower);
    if (left === null || right === null || top === null || bottom === null) return null;
    return {
      draw: (target: DrawTarget) =>
        target.useMediaCoordinateSpace(({ context }) => {
          context.fillStyle = this.fill;
          context.fillRect(
            Math.min(left, right),
            Math.min(top, bottom),
            Math.abs(right - left),
            Math.abs(bottom - top),
          );
        }),
    };
  }
}

/** The hit range's bar: this many pixels wide, with caps three times as wide, so it reads at any zoom. */
const BAR_WIDTH = 4;

/**
 * The hit range of a forecast (issue 24): a bar at its target date from `hitLow` to `hitHigh`, drawn over the series,
 * so a reader sees where the close must land on that day for the forecast to hit.
 */
export class HitRangeBar extends SeriesDrawing {
  constructor(
    private readonly range: Pick<ChartOverlay, 'to' | 'hitLow' | 'hitHigh'>,
    private readonly colour: string,
  ) {
    super('top');
  }

  autoscaleInfo() {
    return { priceRange: { minValue: this.range.hitLow, maxValue: this.range.hitHigh } };
  }

  protected renderer({ chart, series }: SeriesAttachedParameter<Time>): IPrimitivePaneRenderer | null {
    const at = chart.timeScale().timeToCoordinate(this.range.to);
    const top = series.priceToCoordinate(this.range.hitHigh);
    const bottom = series.priceToCoordinate(this.range.hitLow);
    if (at === null || top === null || bottom === null) return null;
    return {
      draw: (target: DrawTarget) =>
        target.useMediaCoordinateSpace(({ context }) => {
          const y = Math.min(top, bottom);
          const height = Math.max(2, Math.abs(bottom - top));
          context.fillStyle = this.colour;
          // Right-aligned at the target date: it is the chart's last point, at its right edge.
          context.fillRect(at - BAR_WIDTH, y, BAR_WIDTH, height);
          context.fillRect(at - 3 * BAR_WIDTH, y, 3 * BAR_WIDTH, 2);
          context.fillRect(at - 3 * BAR_WIDTH, y + height - 2, 3 * BAR_WIDTH, 2);
        }),
    };
  }
}

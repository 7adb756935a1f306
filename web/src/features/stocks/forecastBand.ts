import type {
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesPrimitive,
  SeriesAttachedParameter,
  Time,
} from 'lightweight-charts';
import type { ChartOverlay } from './chartOverlay';

type DrawTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

/**
 * The 80% band of a forecast: a shaded rectangle from `lower` to `upper` between `from` and `to`, drawn under the
 * series it is attached to. lightweight-charts has no band series, so this is a small series primitive.
 */
export class ForecastBand implements ISeriesPrimitive<Time> {
  private attachedTo?: SeriesAttachedParameter<Time>;
  private readonly view: IPrimitivePaneView = { zOrder: () => 'bottom', renderer: () => this.renderer() };

  constructor(
    private readonly band: Pick<ChartOverlay, 'from' | 'to' | 'lower' | 'upper'>,
    private readonly fill: string,
  ) {}

  attached(param: SeriesAttachedParameter<Time>) {
    this.attachedTo = param;
  }

  detached() {
    this.attachedTo = undefined;
  }

  paneViews() {
    return [this.view];
  }

  /** The price scale makes room for the whole band, not only for the target line. */
  autoscaleInfo() {
    return { priceRange: { minValue: this.band.lower, maxValue: this.band.upper } };
  }

  private renderer(): IPrimitivePaneRenderer | null {
    if (!this.attachedTo) return null;
    const { chart, series } = this.attachedTo;
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

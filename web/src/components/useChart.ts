import { useEffect, useRef, useState } from 'react';
import type * as LightweightCharts from 'lightweight-charts';
import type { IChartApi } from 'lightweight-charts';

/** lightweight-charts, the app's chart library. */
export type ChartLibrary = typeof LightweightCharts;

let library: Promise<ChartLibrary> | undefined;
/** Imported on first use, once for every chart on the page; a failed import is tried again by the next chart. */
function chartLibrary(): Promise<ChartLibrary> {
  library ??= import('lightweight-charts').catch((error: unknown) => {
    library = undefined;
    throw error;
  });
  return library;
}

/**
 * A chart that `draw` puts into the returned container, drawn again whenever `draw` changes (keep it in a
 * useCallback) and removed when it goes. The library loads only when a chart is first shown, so it never weighs on
 * the landing page; `failed` says that it could not be loaded.
 */
export function useChart(draw: (lib: ChartLibrary, element: HTMLElement) => IChartApi) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let remove: (() => void) | undefined;
    chartLibrary()
      .then((lib) => {
        if (disposed) return;
        const chart = draw(lib, element);
        remove = () => chart.remove();
      })
      .catch(() => {
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      remove?.();
    };
  }, [draw]);

  return { container, failed };
}

/**
 * Messages between the model pool and its worker threads. Errors cross the thread boundary as data, because a
 * thrown AppError arrives on the other side as a plain Error and would lose its kind.
 */
import type { DailyBar } from '@stockseer/contract';
import type { AppErrorKind } from '../../domain/errors';
import type { Backtest } from '../../domain/models/backtest';
import type { Forecast, ForecastInput, ModelId } from '../../domain/models/types';

export type ModelTask =
  | { readonly kind: 'forecast'; readonly modelId: ModelId; readonly input: ForecastInput }
  | {
      readonly kind: 'backtest';
      readonly modelId: ModelId;
      readonly bars: readonly DailyBar[];
      readonly horizon: number;
    };

export type ModelTaskResult =
  | { readonly ok: true; readonly forecast: Forecast }
  | { readonly ok: true; readonly backtest: Backtest }
  | { readonly ok: false; readonly kind: AppErrorKind; readonly message: string };

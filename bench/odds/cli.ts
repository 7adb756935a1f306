/** Arguments shared by bench:odds and bench:odds:fit. */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { dataFolders } from '../lib/marketData';
import { MODEL_IDS_FOR_BENCH } from '../models/recommend';
import type { ModelId } from '../../functions/src/domain/models/types';

export const ROOT = resolve(import.meta.dirname, '../..');
export const DEFAULT_FOLDERS = ['daily', 'universe'].map((name) => resolve(ROOT, '../shared/market-data', name));

/** Origins per stock and horizon before the calibration end and after it. */
export interface OriginsPerStock {
  readonly calibration: number;
  readonly evaluation: number;
}

/**
 * The default origins: bench:odds evaluates the evaluation period's, bench:odds:fit both periods' (the vintages after
 * the first fit the outcomes of the evaluation period known before their date), so the two runs forecast alike.
 */
export const DEFAULT_ORIGINS: OriginsPerStock = { calibration: 24, evaluation: 36 };

export interface OddsArgs {
  readonly folders: string[];
  readonly originsPerStock: number;
  readonly models: ModelId[];
  readonly stocks: number | null;
  /** Score (bench:odds) or fit (bench:odds:fit) the forecasts of the last run instead of evaluating. */
  readonly reuse: boolean;
  /** bench:odds:fit: score the methods on K groups of held-out stocks instead of writing the parameters. */
  readonly folds: number | null;
}

/**
 * `--data DIR` (repeatable, or comma-separated), `--origins N`, `--models a,b`, `--stocks N` (the first N only),
 * `--reuse`, `--folds K`.
 */
export function parseOddsArgs(defaultOrigins: number): OddsArgs {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', multiple: true },
      origins: { type: 'string' },
      models: { type: 'string' },
      stocks: { type: 'string' },
      reuse: { type: 'boolean', default: false },
      folds: { type: 'string' },
    },
  });
  const folders = dataFolders(values.data ?? []);
  const models = values.models ? (values.models.split(',') as ModelId[]) : MODEL_IDS_FOR_BENCH;
  for (const m of models) if (!MODEL_IDS_FOR_BENCH.includes(m)) throw new Error(`unknown model ${m}`);
  return {
    folders: folders.length > 0 ? folders : DEFAULT_FOLDERS,
    originsPerStock: values.origins ? Number(values.origins) : defaultOrigins,
    models,
    stocks: values.stocks ? Number(values.stocks) : null,
    reuse: values.reuse ?? false,
    folds: values.folds ? Number(values.folds) : null,
  };
}

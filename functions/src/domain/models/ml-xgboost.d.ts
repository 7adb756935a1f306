// ml-xgboost (2018) ships no types. Its CommonJS export is a promise of the booster class, resolved once the
// WebAssembly module is ready.
declare module 'ml-xgboost' {
  export interface XGBoostOptions {
    booster?: string;
    objective?: string;
    max_depth?: number;
    eta?: number;
    min_child_weight?: number;
    subsample?: number;
    colsample_bytree?: number;
    lambda?: number;
    base_score?: number;
    seed?: number;
    silent?: number;
    iterations?: number;
  }
  export interface XGBoostBooster {
    train(rows: number[][], labels: number[]): void;
    predict(rows: number[][]): number[];
    /** Frees the WebAssembly memory of the model; the JS object is unusable afterwards. */
    free(): void;
  }
  const ready: Promise<new (options: XGBoostOptions) => XGBoostBooster>;
  export default ready;
}

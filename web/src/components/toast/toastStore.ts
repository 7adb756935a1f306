/** One toast at a time, shown 5000 ms unless told otherwise (docs/product.md#ui-texts). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  durationMs?: number;
}

export interface Toast extends ToastInput {
  id: number;
}

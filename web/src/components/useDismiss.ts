import { useEffect, type RefObject } from 'react';

/**
 * While `open`, how a popover (the account menu, the inbox) is dismissed: Escape closes it and gives the focus back
 * to `opener`; a press outside `container` closes it. `close` should be stable (useCallback).
 */
export function useDismiss(
  open: boolean,
  {
    container,
    opener,
    close,
  }: { container: RefObject<HTMLElement | null>; opener: RefObject<HTMLElement | null>; close: () => void },
): void {
  useEffect(() => {
    if (!open) return;
    const onMouseDown = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      opener.current?.focus();
    };
    document.addEventListener('mousedown', onMouseDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, container, opener, close]);
}

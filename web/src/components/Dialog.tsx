import './dialog.css';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { registerToastHost } from './toast/toastHost';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** What Tab reaches inside `root`, in order: enabled controls that are rendered (not hidden or display: none). */
const tabbables = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.getClientRects().length > 0);

/**
 * A modal on the native <dialog>: Escape, the backdrop and an inert page come from the browser. On top of that:
 * - Tab and Shift+Tab wrap around inside it (the browser would let focus leave for its own toolbar);
 * - it opens on the element marked `data-autofocus`, else on its first control (React's `autoFocus` runs before the
 *   dialog is shown, so it only works for content that appears in an already open dialog);
 * - closing, by any means, returns focus to the element that opened it;
 * - while open, toasts render inside it, above its backdrop and not inert (toastHost.ts), after its content: in its
 *   flow, never over its buttons;
 * - it is rendered at the end of <body>, so that no style of the screen that opens it reaches into it (issue 23: a
 *   rule for the predictions panel's children took the reserve confirmation's centring margin away).
 */
export function Dialog({ open, title, onClose, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const toastSlot = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement;
    if (!dialog.open) dialog.showModal?.();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const unregisterToastHost = registerToastHost(toastSlot.current ?? dialog);
    return () => {
      unregisterToastHost();
      if (dialog.open) dialog.close?.();
      // Also when the dialog leaves the page while open (then the browser restores nothing).
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [open]);

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const controls = tabbables(ref.current);
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    const leaving = event.shiftKey ? active === first || active === ref.current : active === last;
    if (!leaving) return;
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  };

  // The browser fires "close" in a later task: by then StrictMode's second effect (development builds) may have
  // opened the dialog again after its cleanup closed it, and that stale event must not close it for good.
  const closedByBrowser = () => {
    if (!ref.current?.open) onClose();
  };

  return createPortal(
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onClose={closedByBrowser}
      onCancel={onClose}
      onKeyDown={trapTab}
    >
      <div className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      {open && children}
      <div ref={toastSlot} className="dialog-toasts" />
    </dialog>,
    document.body,
  );
}

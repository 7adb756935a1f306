import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { currentToastHost, subscribeToastHost } from './toastHost';
import { SWIPE_THRESHOLD_PX, TOAST_HOTKEY, type Toast } from './toastStore';

interface Props {
  toasts: Toast[];
  onDismiss: (id: number) => void;
}

/**
 * The toast viewport: a labelled region that F8 focuses; a toast is dismissed by its button or a swipe right. While
 * a modal dialog is open it renders inside it, so it shows above the backdrop and its button still works.
 */
export function Toaster({ toasts, onDismiss }: Props) {
  const viewport = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) viewport.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const host = useSyncExternalStore(subscribeToastHost, currentToastHost, () => null);
  const region = (
    <section aria-label={`Notifications (${TOAST_HOTKEY})`} tabIndex={-1}>
      <ol ref={viewport} tabIndex={-1} className="toast-viewport">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={() => onDismiss(toast.id)} />
        ))}
      </ol>
    </section>
  );
  return host ? createPortal(region, host) : region;
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);

  const onPointerDown = (e: PointerEvent) => {
    start.current = e.clientX;
  };
  const onPointerMove = (e: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, e.clientX - start.current));
  };
  const onPointerUp = () => {
    if (offset > SWIPE_THRESHOLD_PX) onDismiss();
    else setOffset(0);
    start.current = null;
  };

  const destructive = toast.variant === 'destructive';
  return (
    <li
      className={`toast${destructive ? ' toast-destructive' : ''}`}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      {/* The live region is inside the item: a role on the <li> itself would take it out of the list. */}
      <div
        className="toast-text"
        role={destructive ? 'alert' : 'status'}
        aria-live={destructive ? 'assertive' : 'polite'}
      >
        <p className="toast-title">{toast.title}</p>
        {toast.description && <p className="toast-description">{toast.description}</p>}
      </div>
      <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={onDismiss}>
        ×
      </button>
    </li>
  );
}

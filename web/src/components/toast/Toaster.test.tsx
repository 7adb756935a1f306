import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastProvider, useToast } from './ToastProvider';
import { TOAST_DURATION_MS } from './toastStore';
import { Dialog } from '../Dialog';

function Trigger() {
  const { toast } = useToast();
  return (
    <>
      <button onClick={() => toast({ title: 'First' })}>first</button>
      <button onClick={() => toast({ title: 'Error', description: 'Broken', variant: 'destructive' })}>second</button>
    </>
  );
}

const setup = () =>
  render(
    <ToastProvider>
      <Trigger />
    </ToastProvider>,
  );

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the old', () => {
    setup();
    fireEvent.click(screen.getByText('first'));
    expect(screen.getByRole('status').textContent).toContain('First');
    fireEvent.click(screen.getByText('second'));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Broken');
  });

  it('disappears after 5000 ms by default', () => {
    vi.useFakeTimers();
    setup();
    fireEvent.click(screen.getByText('first'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
    vi.useRealTimers();
  });

  it('is dismissed by a swipe right past 50 px but not by a shorter one', () => {
    setup();
    fireEvent.click(screen.getByText('first'));
    const toast = screen.getByRole('status');
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 140 });
    fireEvent.pointerUp(toast);
    expect(screen.queryByRole('status')).not.toBeNull();
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 160 });
    fireEvent.pointerUp(toast);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('focuses the notifications viewport on F8', () => {
    setup();
    fireEvent.keyDown(window, { key: 'F8' });
    expect(document.activeElement?.className).toBe('toast-viewport');
  });
});

describe('toasts while a modal dialog is open', () => {
  function WithDialog() {
    const { toast } = useToast();
    return (
      <Dialog open title="Add funds" onClose={() => undefined}>
        <button onClick={() => toast({ title: 'Payment failed', variant: 'destructive' })}>fail</button>
      </Dialog>
    );
  }

  it('render inside the dialog (above its backdrop, not inert) and can be dismissed there', () => {
    render(
      <ToastProvider>
        <WithDialog />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('fail'));
    const dialog = screen.getByRole('dialog', { hidden: true });
    // jsdom has no top layer (the dialog is not shown): query hidden elements too.
    expect(dialog.contains(screen.getByRole('alert', { hidden: true }))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification', hidden: true }));
    expect(screen.queryByRole('alert', { hidden: true })).toBeNull();
  });

  it('return to the page when the dialog closes', () => {
    const { rerender } = render(
      <ToastProvider>
        <WithDialog />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('fail'));
    rerender(
      <ToastProvider>
        <p>no dialog</p>
      </ToastProvider>,
    );
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Payment failed');
  });
});

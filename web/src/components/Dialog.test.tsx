import { StrictMode, useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Dialog } from './Dialog';
import { polyfillDialog } from './dialog.testkit';

beforeAll(polyfillDialog);

function Example({ mounted = true }: { mounted?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      {mounted && (
        <Dialog open={open} title="Example" onClose={() => setOpen(false)}>
          <button>First</button>
          <input aria-label="Amount" data-autofocus />
        </Dialog>
      )}
    </>
  );
}

const openWithFocus = () => {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
};

describe('Dialog', () => {
  it('opens on the element marked data-autofocus', () => {
    render(<Example />);
    openWithFocus();
    expect(document.activeElement).toBe(screen.getByLabelText('Amount'));
  });

  it('gives focus back to the element that opened it when it closes', () => {
    render(<Example />);
    const opener = openWithFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(opener);
  });

  it('gives focus back also when it leaves the page while open', () => {
    const { rerender } = render(<Example />);
    const opener = openWithFocus();
    rerender(<Example mounted={false} />);
    expect(document.activeElement).toBe(opener);
  });

  it('stays open under StrictMode, which runs its effect, cleanup and effect again (the development build)', async () => {
    // As browsers do: close() fires the "close" event in a later task, after the effect has opened it again.
    const close = vi.spyOn(HTMLDialogElement.prototype, 'close').mockImplementation(function (this: HTMLDialogElement) {
      this.removeAttribute('open');
      setTimeout(() => this.dispatchEvent(new Event('close')));
    });
    const onClose = vi.fn();
    render(
      <StrictMode>
        <Dialog open title="Example" onClose={onClose}>
          <p>Content</p>
        </Dialog>
      </StrictMode>,
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(close).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(document.querySelector('dialog')?.open).toBe(true);
    close.mockRestore();
  });
});

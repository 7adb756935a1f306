/**
 * Where toasts render. A modal <dialog> sits in the browser's top layer and makes the rest of the page inert, so a
 * toast outside it would show behind its backdrop and could not be dismissed. Open dialogs register here; toasts
 * render inside the topmost one, else in the page.
 */
const openDialogs: HTMLElement[] = [];
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** Called by a dialog as it opens; the returned function unregisters it as it closes. */
export function registerToastHost(dialog: HTMLElement): () => void {
  openDialogs.push(dialog);
  changed();
  return () => {
    const index = openDialogs.lastIndexOf(dialog);
    if (index >= 0) openDialogs.splice(index, 1);
    changed();
  };
}

export const subscribeToastHost = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const currentToastHost = (): HTMLElement | null => openDialogs.at(-1) ?? null;

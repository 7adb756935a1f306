import { useCallback, useState } from 'react';

const keyOf = (uid: string) => `stockseer.selectedSymbol.${uid}`;

function read(uid: string): string | undefined {
  try {
    return localStorage.getItem(keyOf(uid)) ?? undefined;
  } catch {
    return undefined; // Storage refused (private mode, quota): the choice just is not remembered.
  }
}

/**
 * The stock the user picked, kept across tab switches (the app holds it) and reloads (local storage, per account so
 * that another account on the same browser starts empty).
 */
export function useRememberedSymbol(uid: string): [string | undefined, (symbol: string) => void] {
  const [symbol, setSymbol] = useState(() => read(uid));
  const remember = useCallback(
    (next: string) => {
      setSymbol(next);
      try {
        localStorage.setItem(keyOf(uid), next);
      } catch {
        // As in read: not remembered, still selected.
      }
    },
    [uid],
  );
  return [symbol, remember];
}

import useSWRInfinite from 'swr/infinite';

/**
 * A list the server pages, each page after the previous page's last id (`cursor`): `params` (the page size, filters)
 * go with every page; `setSize(size + 1)` loads the next one, none comes after a page whose `nextCursor` is null, and
 * `mutate()` re-reads every loaded page.
 */
export function useCursorPages<P extends { nextCursor: string | null }>(
  path: string,
  parse: (path: string) => Promise<P>,
  params: Record<string, string>,
  onError?: () => void,
) {
  const key = (_index: number, previous: P | null) => {
    if (previous && previous.nextCursor === null) return null;
    const query = new URLSearchParams(params);
    if (previous?.nextCursor) query.set('cursor', previous.nextCursor);
    return `${path}?${query}`;
  };
  // An onError of undefined would replace SWR's own (which it calls), not leave it.
  return useSWRInfinite(key, parse, onError ? { onError } : {});
}

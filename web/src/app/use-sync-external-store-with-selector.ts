import { useCallback, useRef, useSyncExternalStore } from 'react';

/**
 * `useSyncExternalStoreWithSelector`, which TipTap's editor state and Recharts' store import from
 * the `use-sync-external-store` package. That package is CommonJS and requires React itself, which
 * the web tests cannot redirect to Preact (vitest.config.ts), so web/vite.config.ts points it here
 * for the build and the tests alike. As React's: subscribes to the store and returns the selected
 * part of its snapshot, the same value while the snapshot or the selection (by `isEqual`) is.
 */
export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onStoreChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot: (() => Snapshot) | null | undefined,
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  // The last snapshot read and what was selected from it, kept across renders.
  const memo = useRef<{ snapshot: Snapshot; selector: (snapshot: Snapshot) => Selection; selection: Selection }>(undefined);
  const select = useCallback(
    (snapshot: Snapshot) => {
      const last = memo.current;
      if (last && last.selector === selector && Object.is(last.snapshot, snapshot)) return last.selection;
      const selection = selector(snapshot);
      const kept = last && isEqual?.(last.selection, selection) ? last.selection : selection;
      memo.current = { snapshot, selector, selection: kept };
      return kept;
    },
    [memo, selector, isEqual],
  );
  const getSelection = useCallback(() => select(getSnapshot()), [select, getSnapshot]);
  const getServerSelection = useCallback(() => select((getServerSnapshot ?? getSnapshot)()), [select, getServerSnapshot, getSnapshot]);
  return useSyncExternalStore(subscribe, getSelection, getServerSelection);
}

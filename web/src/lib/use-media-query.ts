import { useSyncExternalStore } from 'react';
import { SMALL_SCREEN_MAX_PX } from '@slotted/contract';

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matches(query),
    () => false,
  );
}

export const SMALL_SCREEN_QUERY = `(max-width: ${SMALL_SCREEN_MAX_PX}px)`;

/** Under 1024 px wide (docs/product-rules.md#shared-interface-pieces). */
export function useIsSmallScreen(): boolean {
  return useMediaQuery(SMALL_SCREEN_QUERY);
}

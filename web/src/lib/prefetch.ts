import { createContext, useContext } from 'react';

/**
 * What to fetch ahead when a visitor is about to open a page (hovers or focuses a link to it).
 * web/src/app provides it, since it knows every feature's routes and queries; features only say
 * what the visitor is about to open (features do not import each other).
 */
export interface Prefetch {
  /** A service's choose-time page: its chunk and the service's free times. */
  chooseTime: (serviceId: number) => void;
}

export const PrefetchContext = createContext<Prefetch>({ chooseTime: () => {} });

export function usePrefetch(): Prefetch {
  return useContext(PrefetchContext);
}

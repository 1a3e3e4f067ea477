import { useSyncExternalStore } from 'react';
import { todayIn } from './format.ts';

function subscribe(onChange: () => void): () => void {
  // A minute's precision is plenty for noticing that the day changed.
  const timer = window.setInterval(onChange, 60_000);
  document.addEventListener('visibilitychange', onChange);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onChange);
  };
}

/** Today's date ('YYYY-MM-DD') in a time zone (the browser's by default); updates when the day changes. */
export function useToday(timeZone?: string | null): string {
  const read = () => todayIn(timeZone ?? undefined);
  return useSyncExternalStore(subscribe, read, read);
}

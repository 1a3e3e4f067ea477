import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  // A quarter of a second keeps the display within a tick of the real time left.
  const timer = window.setInterval(onChange, 250);
  document.addEventListener('visibilitychange', onChange);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onChange);
  };
}

const noSubscription = () => () => {};

/** Whole seconds left until a deadline (ms since the epoch), never below 0; null without a deadline. */
export function useSecondsLeft(deadline: number | null): number | null {
  const read = () => (deadline === null ? null : Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
  return useSyncExternalStore(deadline === null ? noSubscription : subscribe, read, read);
}

/** 'mm:ss' (minutes may exceed 59: '75:00'). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

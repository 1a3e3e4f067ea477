import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * Spec §5: after a failed save the page scrolls to, and focuses, the first field with an error.
 * Call the returned function whenever new errors are shown. Fields mark themselves with
 * `data-invalid` (the Field wrapper) or `aria-invalid` (the control).
 */
export function useRevealFirstError(container: RefObject<HTMLElement | null>): () => void {
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (round === 0) return;
    const first = container.current?.querySelector<HTMLElement>('[data-invalid], [aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    const control = first.matches('[aria-invalid="true"]')
      ? first
      : (first.querySelector<HTMLElement>('[aria-invalid="true"]') ?? first.querySelector<HTMLElement>('input, textarea, button'));
    control?.focus({ preventScroll: true });
  }, [round, container]);
  return useCallback(() => setRound((r) => r + 1), []);
}

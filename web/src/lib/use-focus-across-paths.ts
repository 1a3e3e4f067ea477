import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Marks a control whose focus survives its own replacement: by the path change it makes (a day
 * of the strip), or by another control doing the same job (useReturnFocus):
 * `{...{ [FOCUS_KEY]: 'day-2026-11-24' }}`.
 */
export const FOCUS_KEY = 'data-focus-key';

interface FocusState {
  focusKey?: string;
}

/**
 * The page is re-keyed on its full path (spec), so a control that only changes the path (a day,
 * a time) is replaced by a new one and focus would drop to <body>: a keyboard user starts again
 * from the top. `go` carries the focused control's key along with the navigation; the new page
 * focuses the control with that key once it is rendered.
 */
export function useFocusAcrossPaths(): (to: string) => void {
  const navigate = useNavigate();
  const { state } = useLocation() as { state: FocusState | null };
  const pending = useRef(state?.focusKey ?? null);
  // No dependencies: the control may appear only after the page's data has loaded.
  useEffect(() => {
    if (!pending.current) return;
    const control = document.querySelector<HTMLElement>(`[${FOCUS_KEY}="${CSS.escape(pending.current)}"]`);
    if (!control) return;
    pending.current = null;
    control.focus({ preventScroll: true });
  });
  return (to) => {
    const focusKey = document.activeElement?.getAttribute(FOCUS_KEY) ?? undefined;
    void navigate(to, { replace: true, state: focusKey ? ({ focusKey } satisfies FocusState) : null });
  };
}

import { useLayoutEffect, useRef } from 'react';
import { FOCUS_KEY } from './use-focus-across-paths.ts';

/**
 * Focus goes back to whatever opened a modal (a button, a row, a menu's trigger) when it closes,
 * also when the modal was opened from code rather than by a Radix Trigger: Radix only knows its own
 * trigger, and otherwise drops focus on <body>, so a keyboard user starts again from the top.
 * An opener the modal's work replaced (an empty state's 'Add' button, once there is something
 * in the list) hands over to the control marked with the same FOCUS_KEY that now does its job.
 * Pass the result as `onCloseAutoFocus` of the Radix content.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix's focus scope moves focus into the modal (a passive effect).
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
  }, [open]);
  return (event: Event) => {
    const target = opener.current?.isConnected ? opener.current : successorOf(opener.current);
    opener.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}

function successorOf(gone: HTMLElement | null): HTMLElement | null {
  const key = gone?.getAttribute(FOCUS_KEY);
  return key ? document.querySelector<HTMLElement>(`[${FOCUS_KEY}="${CSS.escape(key)}"]`) : null;
}

import { useLayoutEffect, useRef } from 'react';

/**
 * Focus goes back to whatever opened a modal (a button, a row, a menu's trigger) when it closes,
 * also when the modal was opened from code rather than by a Radix Trigger: Radix only knows its own
 * trigger, and otherwise drops focus on <body>, so a keyboard user starts again from the top.
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
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}

import { useState } from 'react';

/**
 * Whether `open` has been true at least once. A dialog or layer whose code loads on first use
 * renders from then on, so closing it keeps its exit animation and its focus return
 * (docs/decisions/0018-public-pages-load-the-rest-on-first-use.md).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

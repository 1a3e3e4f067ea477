import { options, type VNode } from 'preact';
import { useLayoutEffect } from 'preact/hooks';

/**
 * The app renders with Preact's React compatibility layer (aliases in web/vite.config.ts, decision
 * docs/decisions/0020-preact-renders-the-app.md), and the sources are written for React 19. Two of
 * React's behaviours Preact lacks are restored here, before anything renders: main.tsx imports this
 * module first, and so does the web tests' setup (test/setup.ts), so the tests see what ships.
 *
 * - React focuses an element rendered with `autoFocus` when it mounts; Preact only writes the
 *   attribute, which a browser honours on page load alone, so a dialog's first field would not get
 *   focus. Here an element with `autoFocus` is focused once, when it first reaches the document.
 * - React 19 hoists a `<title>` rendered by a component into the document's head (DocumentTitle in
 *   components/ui/page.tsx); Preact would leave it in the page. Here it sets the tab's title
 *   instead. Only the app's own components render `<title>`; its icons' SVGs have none.
 */
const focused = new WeakSet<Element>();
type Ref = ((element: Element | null) => void) | { current: Element | null } | null | undefined;

function HoistedTitle({ children }: { children?: unknown }) {
  const text = ([] as unknown[]).concat(children ?? []).join('');
  useLayoutEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}

const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  previous?.(vnode);
  if (vnode.type === 'title') {
    (vnode as { type: unknown }).type = HoistedTitle;
    return;
  }
  const props = vnode.props as Record<string, unknown>;
  if (typeof vnode.type !== 'string' || !(props.autoFocus || props.autofocus)) return;
  const own = (vnode as { ref?: Ref }).ref;
  (vnode as { ref?: Ref }).ref = (element: Element | null) => {
    if (typeof own === 'function') own(element);
    else if (own) own.current = element;
    if (element instanceof HTMLElement && !focused.has(element)) {
      focused.add(element);
      // After the commit, as React does: the element is in the document by then.
      queueMicrotask(() => element.isConnected && element.focus());
    }
  };
};

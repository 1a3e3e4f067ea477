import { lazy, Suspense, type ComponentProps } from 'react';

const Menu = lazy(() => import('./profile-menu.tsx').then((m) => ({ default: m.ProfileMenu })));

/**
 * The profile menu, loaded once someone signed in sees the navigation: its menu primitives
 * (Radix, floating-ui) are not part of what a visitor's first load of a public page downloads
 * (docs/decisions/0018-public-pages-load-the-rest-on-first-use.md). The menu's trigger appears when they arrive.
 */
export function ProfileMenu(props: ComponentProps<typeof Menu>) {
  return (
    <Suspense fallback={null}>
      <Menu {...props} />
    </Suspense>
  );
}

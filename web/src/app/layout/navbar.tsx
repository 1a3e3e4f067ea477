import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/icons.tsx';

/** For signed-out visitors on pages that show it (e.g. a public profile): the logo and Log in. */
export function Navbar() {
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200/80 bg-white/85 backdrop-blur-md">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between px-4 sm:h-16 sm:px-6">
        <Link to="/" className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-500" aria-label="Slotted, home">
          <Logo className="text-base" />
        </Link>
        <Link to="/login" className={buttonClasses({ size: 's', theme: 'white' })}>
          Log in
        </Link>
      </div>
    </header>
  );
}

import { CalendarDayIcon } from '../../components/ui/icons.tsx';
import { useMe } from '../../lib/me.ts';
import { useToday } from '../../lib/use-today.ts';
import type { NavItem } from './nav-config.ts';

/** The icon of a navigation entry; Schedule's shows today's day of the month (in the user's time zone). */
export function NavIcon({ icon, className }: { icon: NavItem['icon']; className?: string }) {
  const { data: me } = useMe();
  const today = useToday(me?.timezone);
  if (!icon) return null;
  if (icon === 'schedule') return <CalendarDayIcon day={Number(today.slice(8, 10))} className={className} />;
  const Icon = icon;
  return <Icon className={className} />;
}

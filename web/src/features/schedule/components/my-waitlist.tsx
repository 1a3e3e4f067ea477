import { Link } from 'react-router';
import { HourglassIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Badge } from '../../../components/ui/page.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../../../lib/api-client.ts';
import { useLeaveWaitlist, useMyWaitlist } from '../../../lib/waitlist/waitlist-api.ts';

function when(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/**
 * The client's places on waitlists, beside their bookings (docs/product-rules.md#waitlist):
 * position, a place offered (with the link to confirm it), and Leave.
 */
export function MyWaitlist() {
  const entries = useMyWaitlist();
  const leave = useLeaveWaitlist();
  const { toast } = useToast();
  if (!entries.data || entries.data.length === 0) return null;
  return (
    <section aria-labelledby="my-waitlist-heading" className="mb-6">
      <h2 id="my-waitlist-heading" className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-zinc-900">
        <HourglassIcon className="size-4 text-zinc-500" aria-hidden />
        On the waitlist
      </h2>
      <ul className="flex flex-col gap-2">
        {entries.data.map((e) => (
          <li
            key={e.slot_id}
            className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-dashed border-zinc-300 bg-white px-4 py-3"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-zinc-900">{e.service.name}</p>
              <p className="text-sm text-zinc-500">
                {when(e.starts_at)} · with {e.provider.name}
              </p>
            </div>
            {e.offer ? (
              <Badge tone="success">Place held until {when(e.offer.expires_at).split(', ').at(-1)}</Badge>
            ) : (
              <Badge tone="brand">#{e.position} in line</Badge>
            )}
            {e.offer && (
              <Button asChild size="s">
                <Link to={`/appointments/${e.offer.appointment_id}`}>Confirm place</Link>
              </Button>
            )}
            <Button
              size="s"
              theme="white"
              loading={leave.isPending && leave.variables === String(e.slot_id)}
              onClick={() =>
                leave.mutate(String(e.slot_id), {
                  onError: (error) =>
                    toast({ title: 'Oops!', description: isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE, theme: 'error' }),
                })
              }
              aria-label={`Leave the waitlist of ${e.service.name}, ${when(e.starts_at)}`}
            >
              Leave
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { connectCalendarInput, type CalendarConnection } from '@slotted/contract';
import { CalendarFeedSubscription } from '../../../components/calendar-feed/calendar-feed-subscription.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { Badge, DocumentTitle, Page, PageHeader } from '../../../components/ui/page.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../../../lib/api-client.ts';
import { useApiForm } from '../../../lib/forms/use-api-form.ts';
import { useMe } from '../../../lib/me.ts';
import { useConnectCalendar } from '../api/connect-calendar.ts';
import { useDisconnectCalendar } from '../api/disconnect-calendar.ts';
import { useCalendarConnections } from '../api/get-calendar-connections.ts';
import { useUpdateCalendarConnection } from '../api/update-calendar-connection.ts';
import { SettingsSection } from '../components/settings-section.tsx';
import { SettingsTabs } from '../components/settings-tabs.tsx';

/**
 * /settings/calendar: everyone's private feed address (docs/product-rules.md#calendar-feeds); for
 * providers also the CalDAV calendars whose events block times, one of them taking the bookings,
 * and connecting another (docs/product-rules.md#calendar-connections).
 */
export function CalendarSettingsPage() {
  const me = useMe();
  if (me.isPending) return <Frame content={<CalendarSkeleton />} />;
  const what = me.data?.is_provider ? 'your bookings and classes' : 'your bookings';
  return (
    <Frame
      content={
        <div className="flex flex-col gap-6">
          <SettingsSection title="Subscribe in your calendar" description={`A private address with ${what}, for any calendar app.`}>
            <CalendarFeedSubscription what={what} />
          </SettingsSection>
          {me.data?.is_provider && <Connections timeZone={me.data.timezone} />}
        </div>
      }
    />
  );
}

function Frame({ content }: { content: ReactNode }) {
  return (
    <Page>
      <DocumentTitle title="Calendar settings" />
      <PageHeader title="Settings" />
      <SettingsTabs />
      {content}
    </Page>
  );
}

function Connections({ timeZone }: { timeZone: string }) {
  const list = useCalendarConnections();
  if (list.isPending) return <CalendarSkeleton />;
  return (
    <div className="flex flex-col gap-6">
      {list.data?.map((c) => (
        // A new key when the saved choices change: the card starts again from them.
        <ConnectionCard key={`${c.id}:${JSON.stringify(c.calendars)}`} connection={c} timeZone={timeZone} />
      ))}
      <ConnectForm first={(list.data?.length ?? 0) === 0} />
    </div>
  );
}

const when = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));

function SyncBadge({ connection, timeZone }: { connection: CalendarConnection; timeZone: string }) {
  if (connection.failing_since) return <Badge tone="danger">Not syncing since {when(connection.failing_since, timeZone)}</Badge>;
  if (connection.synced_at) return <Badge tone="success">Synced {when(connection.synced_at, timeZone)}</Badge>;
  return <Badge>Syncing…</Badge>;
}

const NO_WRITING = '';

function ConnectionCard({ connection, timeZone }: { connection: CalendarConnection; timeZone: string }) {
  const ids = useId();
  const { toast } = useToast();
  const update = useUpdateCalendarConnection();
  const disconnect = useDisconnectCalendar();
  const [confirming, setConfirming] = useState(false);
  const [blocks, setBlocks] = useState(() => new Map(connection.calendars.map((c) => [c.url, c.blocks])));
  const [writesTo, setWritesTo] = useState(() => connection.calendars.find((c) => c.writes)?.url ?? NO_WRITING);

  const save = () =>
    update.mutate(
      {
        id: connection.id,
        calendars: connection.calendars.map((c) => ({ url: c.url, blocks: blocks.get(c.url) ?? false, writes: c.url === writesTo })),
      },
      {
        onSuccess: () => toast({ title: 'Saved', description: 'Your calendars are read again in a moment.' }),
        onError: (err) => toast({ title: isApiError(err) ? err.message : GENERIC_ERROR_MESSAGE, theme: 'error' }),
      },
    );

  return (
    <SettingsSection
      title={new URL(connection.server_url).host}
      description={connection.username}
      aside={<SyncBadge connection={connection} timeZone={timeZone} />}
    >
      {connection.failing_since && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="status">
          Slotted could not read this calendar lately, so the busy times it last read still block your times. It keeps trying.
        </p>
      )}
      {/* min-w-0: a fieldset is otherwise as wide as its longest calendar name, past the card's edge. */}
      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-2 text-sm font-medium text-zinc-800">Calendars that block your times</legend>
        {connection.calendars.map((c, i) => (
          <div key={c.url} className="flex items-center justify-between gap-4">
            <label htmlFor={`${ids}-blocks-${i}`} className="min-w-0 text-sm [overflow-wrap:anywhere] text-zinc-700">
              {c.name}
            </label>
            <Switch
              id={`${ids}-blocks-${i}`}
              checked={blocks.get(c.url) ?? false}
              onCheckedChange={(on) => setBlocks(new Map(blocks).set(c.url, on))}
            />
          </div>
        ))}
      </fieldset>
      <Field
        label="Write bookings to"
        hint="Each confirmed booking and each class becomes an event there, kept up to date. Upcoming ones move when you pick another calendar."
      >
        <Select<string>
          value={writesTo}
          onChange={setWritesTo}
          options={[
            { title: 'Don’t write bookings', value: NO_WRITING },
            ...connection.calendars.map((c) => ({ title: c.name, value: c.url })),
          ]}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 border-t border-zinc-100 pt-5 sm:flex-row sm:justify-between">
        <Button theme="white" onClick={() => setConfirming(true)} className="w-full sm:w-auto">
          Disconnect
        </Button>
        <Button onClick={save} loading={update.isPending} className="w-full sm:w-auto">
          Save
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Disconnect this calendar?"
        description="Its busy times stop blocking your times, and Slotted forgets the password. Events already written stay in your calendar."
        confirmLabel="Disconnect"
        loading={disconnect.isPending}
        onConfirm={() =>
          disconnect.mutate(connection.id, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Calendar disconnected' });
            },
            onError: (err) => toast({ title: isApiError(err) ? err.message : GENERIC_ERROR_MESSAGE, theme: 'error' }),
          })
        }
      />
    </SettingsSection>
  );
}

function ConnectForm({ first }: { first: boolean }) {
  const { toast } = useToast();
  const connect = useConnectCalendar();
  const { form, ref, submit, failed, errorOf } = useApiForm(connectCalendarInput, {
    defaultValues: { server_url: '', username: '', password: '' },
  });
  const { register } = form;
  const onSubmit = submit((input) =>
    connect.mutate(input, {
      onSuccess: () => {
        form.reset();
        toast({ title: 'Calendar connected', description: 'Choose which calendars block your times and where bookings go.' });
      },
      onError: failed,
    }),
  );
  return (
    <SettingsSection
      title="Connect a calendar"
      description={
        first ? 'Events in your calendar block those times for bookings, and bookings can appear in it.' : 'Add another calendar account.'
      }
    >
      <form ref={ref} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <Field
          label="Server address"
          error={errorOf('server_url')}
          hint="iCloud: https://caldav.icloud.com · Fastmail: https://caldav.fastmail.com · Nextcloud: your Nextcloud’s address"
        >
          <Input {...register('server_url')} type="url" inputMode="url" autoComplete="url" placeholder="https://caldav.example.com" />
        </Field>
        <Field label="User name" error={errorOf('username')}>
          <Input {...register('username')} autoComplete="username" />
        </Field>
        <Field
          label="App password"
          error={errorOf('password')}
          hint="Make an app password in your account’s security settings; it is stored encrypted and never shown again."
        >
          <Input {...register('password')} type="password" autoComplete="new-password" />
        </Field>
        <div>
          <Button type="submit" loading={connect.isPending} className="w-full sm:w-auto">
            Connect
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}

function CalendarSkeleton() {
  return (
    <div className="rounded-2xl border border-zinc-200/80 bg-white p-6" aria-busy="true" aria-label="Loading your calendar settings">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="mt-4 h-10 w-full" />
      <Skeleton className="mt-3 h-10 w-full" />
    </div>
  );
}

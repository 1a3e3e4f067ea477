import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Service } from '@slotted/contract';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { LayersIcon, MailIcon, SettingsIcon, ShareIcon } from 'lucide-react';
import { DocumentTitle, EmptyState } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useMe } from '../../../lib/me.ts';
import { useConfig } from '../../../lib/config.ts';
import { marketingTarget, PageNotFound } from '../../../components/not-found-page.tsx';
import { useProfile, type Profile, type PublicPlan } from '../api/get-profile.ts';
import { ServiceCard } from '../components/service-card.tsx';
import { Timetable } from '../components/timetable.tsx';
import { usePlanPurchase } from '../lib/use-plan-purchase.ts';
import { useOpenedOnce } from '../../../lib/use-opened-once.ts';

// The dialogs load when first opened: their primitives (focus trap, scroll lock) are not part of a
// visitor's first load (docs/decisions/0018-public-pages-load-the-rest-on-first-use.md).
const ContactDialog = lazy(() => import('../components/contact-dialog.tsx').then((m) => ({ default: m.ContactDialog })));
// Plan cards show rich text (DOMPurify): they load with the Plans tab, which a visitor opens on purpose.
const PlanCard = lazy(() => import('../components/plan-card.tsx').then((m) => ({ default: m.PlanCard })));
const ShareDialog = lazy(() => import('../components/share-dialog.tsx').then((m) => ({ default: m.ShareDialog })));

/**
 * /{username}: a provider's public profile, the studio's storefront
 * (docs/product-rules.md#public-profile).
 */
export function ProfilePage() {
  const { username = '' } = useParams();
  const profile = useProfile(username);

  if (isApiError(profile.error, 'not_found')) return <ProfileNotFound username={username} />;
  return (
    <QueryState
      query={profile}
      what="this page"
      loading={<ProfileSkeleton />}
      errorFrame={(error) => <div className="mx-auto max-w-md px-4 py-16">{error}</div>}
    >
      {(data) => <ProfileView profile={data} />}
    </QueryState>
  );
}

/**
 * A profile that does not exist sends the visitor to the marketing site's page for that name
 * (docs/product-rules.md#public-pages).
 */
function ProfileNotFound({ username }: { username: string }) {
  const { config, isPending } = useConfig();
  const target = isPending ? null : marketingTarget(config.marketing_url, `/${encodeURIComponent(username)}`);
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);
  if (isPending || target) return <PageSpinner />;
  return <PageNotFound />;
}

type Segment = 'plans' | 'services' | 'timetable';

function ProfileView({ profile }: { profile: Profile }) {
  const { data: me } = useMe();
  const [contactOpen, setContactOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const isOwn = Boolean(me?.username && me.username === profile.username);
  const purchase = usePlanPurchase({ username: profile.username, plans: profile.plans, isOwn });
  const [search] = useSearchParams();
  // '?show=timetable' opens the week's classes (where 'Book a class' after buying a membership leads).
  const [segment, setSegment] = useState<Segment>(
    purchase.requestedPlanId !== null || (profile.services.length === 0 && profile.plans.length > 0)
      ? 'plans'
      : search.get('show') === 'timetable' && profile.services.some((service) => service.type === 'class')
        ? 'timetable'
        : 'services',
  );
  const hasContact = Boolean(profile.email || profile.phone);
  const contactOpened = useOpenedOnce(contactOpen);
  const shareOpened = useOpenedOnce(shareOpen);

  return (
    <div className="pb-16">
      <DocumentTitle title={profile.name} />
      <div className="mx-auto w-full max-w-5xl sm:px-6 sm:pt-6 lg:px-10">
        <Cover src={profile.cover} />
        <div className="px-4 sm:px-6">
          <div className="-mt-10 flex items-end justify-between gap-3 sm:-mt-14">
            <div className="shrink-0 rounded-full bg-white p-1 shadow-md ring-1 ring-black/5">
              <Avatar src={profile.avatar} name={profile.name} size="xl" className="sm:size-28 sm:text-3xl" />
            </div>
            <div className="flex shrink-0 justify-end gap-2">
              {isOwn && (
                <Link to="/settings/account" className={buttonClasses({ theme: 'white', size: 'm' })}>
                  <SettingsIcon className="size-4" />
                  <span className="max-sm:sr-only">Edit profile</span>
                </Link>
              )}
              {hasContact && !isOwn && (
                <Button theme="white" leadingIcon={<MailIcon className="size-4" />} onClick={() => setContactOpen(true)}>
                  Contact
                </Button>
              )}
              <Button theme="white" leadingIcon={<ShareIcon className="size-4" />} onClick={() => setShareOpen(true)}>
                Share
              </Button>
            </div>
          </div>
          <h1 className="mt-4 text-2xl font-semibold tracking-tight text-balance text-zinc-900 sm:text-3xl">{profile.name}</h1>
          <p className="mt-0.5 text-sm text-zinc-500">@{profile.username}</p>
          {profile.bio && <p className="mt-4 max-w-2xl text-[15px] leading-relaxed whitespace-pre-line text-zinc-700">{profile.bio}</p>}

          <Offers profile={profile} purchase={purchase} segment={segment} onSegmentChange={setSegment} />
        </div>
      </div>

      <Suspense fallback={null}>
        {contactOpened && <ContactDialog profile={profile} open={contactOpen} onOpenChange={setContactOpen} />}
        {shareOpened && <ShareDialog name={profile.name} username={profile.username} open={shareOpen} onOpenChange={setShareOpen} />}
      </Suspense>
    </div>
  );
}

function Offers({
  profile,
  purchase,
  segment,
  onSegmentChange,
}: {
  profile: Profile;
  purchase: ReturnType<typeof usePlanPurchase>;
  segment: Segment;
  onSegmentChange: (segment: Segment) => void;
}) {
  const services = <ServicesList services={profile.services} username={profile.username} policy={profile.policy} />;
  const hasClasses = profile.services.some((service) => service.type === 'class');
  // A studio with only 1:1 services and no plans shows its services alone, not empty tabs.
  if (profile.plans.length === 0 && !hasClasses) {
    return (
      <section aria-labelledby="profile-services" className="mt-8">
        <h2 id="profile-services" className="text-lg font-semibold text-zinc-900">
          Services
        </h2>
        <div className="mt-4">{services}</div>
      </section>
    );
  }
  return (
    <Segmented
      label="Offers"
      className="mt-8"
      value={segment}
      onValueChange={(value) => onSegmentChange(value as Segment)}
      listClassName="w-full sm:w-auto"
      // Services first: what is booked most; then the classes' week; then plans (issue 27 #15).
      items={[
        { value: 'services', label: 'Services', count: profile.services.length, content: services },
        ...(hasClasses ? [{ value: 'timetable', label: 'Timetable', content: <Timetable username={profile.username} /> }] : []),
        ...(profile.plans.length > 0
          ? [
              {
                value: 'plans',
                label: 'Plans',
                count: profile.plans.length,
                content: <PlansList plans={profile.plans} purchase={purchase} />,
              },
            ]
          : []),
      ]}
    />
  );
}

function Cover({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="relative h-36 overflow-hidden bg-gradient-to-br from-brand-800 via-brand-600 to-teal-500 sm:h-52 sm:rounded-3xl lg:h-60">
      {src && !failed ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailed(true)} />
      ) : (
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,rgba(255,255,255,0.25),transparent_45%),radial-gradient(circle_at_10%_90%,rgba(255,255,255,0.15),transparent_40%)]"
        />
      )}
    </div>
  );
}

function PlansList({ plans, purchase }: { plans: PublicPlan[]; purchase: ReturnType<typeof usePlanPurchase> }) {
  return (
    <Suspense fallback={<Skeleton className="h-48 rounded-2xl" />}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {plans.map((plan) => (
          <li key={plan.id}>
            <PlanCard
              plan={plan}
              highlighted={plan.id === purchase.requestedPlanId}
              purchase={
                purchase.canBuy
                  ? {
                      onBuy: () => purchase.start(plan),
                      buying: purchase.buyingId === plan.id,
                      disabled: purchase.buyingId !== null && purchase.buyingId !== plan.id,
                    }
                  : undefined
              }
            />
          </li>
        ))}
      </ul>
    </Suspense>
  );
}

function cancellationNote(hours: number): string {
  if (!hours) return 'Bookings are not refundable once made.';
  return `Free cancellation up to ${hours === 1 ? '1 hour' : `${hours} hours`} before your booking.`;
}

function ServicesList({ services, username, policy }: { services: Service[]; username: string; policy: Profile['policy'] }) {
  if (services.length === 0) {
    return (
      <EmptyState
        icon={<LayersIcon className="size-6" />}
        title="No services yet"
        description="Appointments and classes will appear here once they can be booked."
      />
    );
  }
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2">
        {services.map((service) => (
          <li key={service.id}>
            <ServiceCard service={service} username={username} />
          </li>
        ))}
      </ul>
      {policy && <p className="mt-6 text-center text-xs text-zinc-500">{cancellationNote(policy.min_hours_before_cancellation)}</p>}
    </>
  );
}

function ProfileSkeleton() {
  return (
    <div className="mx-auto w-full max-w-5xl sm:px-6 sm:pt-6 lg:px-10" aria-busy="true" aria-label="Loading profile">
      <Skeleton className="h-36 rounded-none sm:h-52 sm:rounded-3xl lg:h-60" />
      <div className="px-4 sm:px-6">
        <div className="-mt-10 w-fit rounded-full bg-white p-1 sm:-mt-14">
          <Skeleton className="size-20 rounded-full sm:size-28" />
        </div>
        <Skeleton className="mt-4 h-7 w-56" />
        <Skeleton className="mt-2 h-4 w-24" />
        <Skeleton className="mt-6 h-4 w-full max-w-xl" />
        <Skeleton className="mt-2 h-4 w-2/3 max-w-md" />
        <Skeleton className="mt-8 h-11 w-60 rounded-xl" />
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <Skeleton className="h-44 rounded-2xl" />
          <Skeleton className="h-44 rounded-2xl" />
        </div>
      </div>
    </div>
  );
}

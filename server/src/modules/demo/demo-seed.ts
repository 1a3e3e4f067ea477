/**
 * First run (docs/product-rules.md#first-run): on an empty database, a demo provider at /demo so a
 * newcomer sees a working product at once. Its pictures are drawn here, so nothing is downloaded.
 */
import { and, asc, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments, membershipGroups, memberships, payments, plans, services, slots, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { insertImage, loadSharp, processImage } from '../images/index.ts';
import { availabilityService } from '../availability/index.ts';
import { classesService } from '../classes/index.ts';
import { snapshotPlanGroups } from '../memberships/index.ts';
import { plansService } from '../plans/index.ts';
import { servicesService } from '../services/index.ts';
import { addDays, localDateOf, repeaterOccurrences } from '../../domain/classes/repeater-occurrences.ts';
import type { WEEKDAYS } from '@slotted/contract';
import { seedDemoHistory, weekdayKey } from './demo-history.ts';

/** The value, which the seed's own data guarantees is there. */
function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('The demo seed lost track of its own data');
  return value;
}

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_USERNAME = 'demo';

const AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#14b8a6"/></linearGradient></defs>
<rect width="512" height="512" fill="url(#g)"/>
<circle cx="256" cy="190" r="70" fill="#fff" fill-opacity=".92"/>
<path d="M116 420c30-90 90-130 140-130s110 40 140 130" fill="none" stroke="#fff" stroke-opacity=".92" stroke-width="44" stroke-linecap="round"/>
</svg>`;

const COVER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="300">
<defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#312e81"/><stop offset=".55" stop-color="#4f46e5"/><stop offset="1" stop-color="#0d9488"/></linearGradient></defs>
<rect width="1600" height="300" fill="url(#s)"/>
<path d="M0 220 C 250 150, 450 290, 800 210 S 1350 140, 1600 200 V300 H0Z" fill="#fff" fill-opacity=".12"/>
<path d="M0 250 C 300 200, 500 300, 900 245 S 1400 210, 1600 240 V300 H0Z" fill="#fff" fill-opacity=".14"/>
<circle cx="1320" cy="90" r="46" fill="#fde68a" fill-opacity=".85"/>
</svg>`;

const PLAN_COVER_SVG = (from: string, to: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
<defs><linearGradient id="p" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1600" height="900" fill="url(#p)"/>
<circle cx="1250" cy="260" r="150" fill="#fff" fill-opacity=".18"/>
<path d="M0 640 C 400 520, 800 760, 1600 600 V900 H0Z" fill="#fff" fill-opacity=".14"/>
</svg>`;

async function drawn(svg: string, kind: 'avatar' | 'profile_cover') {
  const sharp = await loadSharp();
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const result = await processImage(png, kind, Number.MAX_SAFE_INTEGER);
  if (!result.ok) throw new Error(`demo image failed: ${result.message}`);
  return result.image;
}

/** Seeds the demo provider when the database has no users at all. Returns whether it did. */
export async function seedDemoIfEmpty(db: Db, clock: Clock): Promise<boolean> {
  if (!(await seedDemoProvider(db, clock))) return false;
  await seedDemoOffer(db, clock);
  await seedDemoBookings(db, clock);
  return true;
}

async function seedDemoProvider(db: Db, clock: Clock): Promise<boolean> {
  const [{ n }] = (await db.select({ n: count() }).from(users)) as [{ n: number }];
  if (Number(n) > 0) return false;
  const avatar = await drawn(AVATAR_SVG, 'avatar');
  const cover = await drawn(COVER_SVG, 'profile_cover');
  await db.transaction(async (tx) => {
    const now = clock.now();
    const [demo] = await tx
      .insert(users)
      .values({
        email: DEMO_EMAIL,
        name: 'Harbour Yoga & Movement',
        username: DEMO_USERNAME,
        isProvider: true,
        timezone: 'Europe/Madrid',
        phone: '+34 600 123 456',
        bio: 'A small, friendly studio by the sea. Vinyasa and yin classes for every level, 1:1 mobility sessions and personal training. Bring nothing but yourself: mats, blocks and straps are on us.',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!demo) return;
    const avatarId = await insertImage(tx, demo.id, avatar);
    const coverId = await insertImage(tx, demo.id, cover);
    await tx.update(users).set({ avatarImageId: avatarId, coverImageId: coverId }).where(eq(users.id, demo.id));
  });
  return true;
}

const TERMS =
  '<h3>Studio terms</h3><ul><li>Please arrive 5 minutes early; doors close when class starts.</li><li>Cancel at least 24 hours ahead for a full refund or to keep your class credit.</li><li>Tell your teacher about any injury before class.</li></ul>';

const CLASSES = [
  {
    name: 'Vinyasa Flow',
    price: 15,
    duration: 60,
    capacity: 12,
    location: 'Main studio, Calle del Puerto 12',
    description:
      '<p>A dynamic, breath-led practice linking strength and balance. <strong>All levels</strong> — options offered throughout.</p><ul><li>Mats, blocks and straps provided</li><li>Showers available</li></ul>',
    timetable: [
      { time: '18:30', weekdays: ['mon', 'wed', 'fri'] },
      { time: '10:00', weekdays: ['sat'] },
    ],
  },
  {
    name: 'Yin & Restore',
    price: 16,
    duration: 75,
    capacity: 10,
    location: 'Garden room',
    description: '<p>Long, supported holds to release deep tension. Slow, quiet and deeply restorative — perfect after a long week.</p>',
    timetable: [{ time: '19:30', weekdays: ['tue', 'thu'] }],
  },
  {
    name: 'Sunrise Yoga',
    price: 12,
    duration: 45,
    capacity: 14,
    location: 'Rooftop terrace (indoors if it rains)',
    description: '<p>Wake up with sun salutations and a short meditation. Coffee afterwards is on us.</p>',
    timetable: [{ time: '07:30', weekdays: ['tue', 'thu'] }],
  },
] as const;

const APPOINTMENTS = [
  {
    name: '1:1 Mobility Session',
    price: 55,
    duration: 60,
    location: 'Treatment room',
    description: '<p>An assessment and a tailored mobility plan for stiff hips, shoulders or backs. Wear comfortable clothes.</p>',
  },
  {
    name: 'Personal Training',
    price: 45,
    duration: 45,
    location: 'Strength corner',
    description: '<p>Strength and conditioning built around your goals, one-to-one with a certified coach.</p>',
  },
] as const;

/** The demo studio's services, weekly timetable, hours and policies, made through the real services. */
async function seedDemoOffer(db: Db, clock: Clock): Promise<void> {
  const [demo] = await db.select().from(users).where(eq(users.username, DEMO_USERNAME)).limit(1);
  if (!demo) return;
  const availability = availabilityService({ db, clock });
  const catalog = servicesService({ db, clock });
  // The seed only creates timetables: nothing it does cancels a booking.
  const classes = classesService({ db, clock, availability, bookingsCancelled: async () => undefined });

  await availability.saveWorkWeek(demo.id, {
    data: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      available: weekday <= 6,
      from: weekday === 6 ? '09:00' : '08:00',
      to: weekday === 6 ? '14:00' : '17:00',
    })),
  });
  await availability.savePolicy(demo.id, {
    min_hours_before_booking: 1,
    max_days_before_booking: 30,
    min_hours_before_cancellation: 24,
    terms_of_service: TERMS,
  });

  const tomorrow = addDays(localDateOf(clock.now().getTime(), demo.timezone), 1);
  for (const c of CLASSES) {
    const service = await catalog.create(demo.id, {
      name: c.name,
      type: 'class',
      description: c.description,
      price: c.price,
      duration: c.duration,
      location: c.location,
      capacity: c.capacity,
    });
    for (const slot of c.timetable) {
      await classes.createRepeater(demo, {
        service_id: service.id,
        start_at: `${tomorrow} ${slot.time}`,
        repeat_every: '1w',
        weekdays: [...slot.weekdays] as (typeof WEEKDAYS)[number][],
      });
    }
  }
  for (const a of APPOINTMENTS) {
    await catalog.create(demo.id, {
      name: a.name,
      type: 'appointment',
      description: a.description,
      price: a.price,
      duration: a.duration,
      location: a.location,
    });
  }
  await seedDemoPlans(db, clock, demo.id);
}

/** A monthly membership with class credits and a pack of sessions valid three months, through the plans service. */
async function seedDemoPlans(db: Db, clock: Clock, demoId: string): Promise<void> {
  const catalog = await db.select().from(services).where(eq(services.providerId, demoId));
  const idsOf = (type: 'class' | 'appointment') => catalog.filter((s) => s.type === type).map((s) => s.id);
  const sharp = await loadSharp();
  const cover = async (from: string, to: string) =>
    sharp(Buffer.from(PLAN_COVER_SVG(from, to)))
      .png()
      .toBuffer();
  const plans = plansService({ db, clock });
  await plans.create(demoId, {
    fields: {
      name: 'Monthly Flow Membership',
      description: '<p>Practise twice a week at a better price than drop-in classes. Renews every month; cancel whenever you like.</p>',
      price: 79,
      interval: 'month',
      benefits: ['8 classes every month', 'Any class on the timetable', 'Mats, blocks and straps included'],
      services: [{ quantity: 8, services: idsOf('class') }],
    },
    files: { cover_upload: await cover('#4f46e5', '#14b8a6') },
  });
  await plans.create(demoId, {
    fields: {
      name: '5-Session Pack',
      description: '<p>Five 1:1 sessions to use within three months: mobility work, personal training, or a mix.</p>',
      price: 225,
      interval: '',
      expires_in: '3',
      // The card already says how long it is valid: the benefits do not repeat it.
      benefits: ['5 one-to-one sessions', 'Mobility, training or a mix', 'Save €50 on single sessions'],
      services: [{ quantity: 5, services: idsOf('appointment') }],
    },
    files: { cover_upload: await cover('#0d9488', '#f59e0b') },
  });
}

const DEMO_CLIENTS = [
  { email: 'lucia@example.com', name: 'Lucía Romero', phone: '+34 611 222 333' },
  { email: 'tom@example.com', name: 'Tom Becker', phone: null },
  { email: 'aiko@example.com', name: 'Aiko Tanaka', phone: '+81 90 1234 5678' },
];

/**
 * Clients with bookings in the past and the future (and one cancellation), memberships some of
 * those bookings used a credit of, and eight weeks of history (docs/product-rules.md#first-run),
 * written directly: the demo must not send e-mail. Places in classes are counted as the booking
 * code does.
 */
async function seedDemoBookings(db: Db, clock: Clock): Promise<void> {
  const [demo] = await db.select().from(users).where(eq(users.username, DEMO_USERNAME)).limit(1);
  if (!demo) return;
  const now = clock.now();
  const clients = await db
    .insert(users)
    .values(DEMO_CLIENTS.map((c) => ({ ...c, timezone: 'Europe/Madrid', createdAt: now, updatedAt: now })))
    .returning();
  // DEMO_CLIENTS, in order.
  const [lucia, tom, aiko] = clients;
  if (!lucia || !tom || !aiko) throw new Error('The demo has three clients');
  const catalog = await db.select().from(services).where(eq(services.providerId, demo.id));
  const byName = (name: string) => {
    const service = catalog.find((s) => s.name === name);
    if (!service) throw new Error(`The demo's catalog has no ${name}`);
    return service;
  };
  const at = (date: string, time: string, minutes: number) => {
    const [o] = repeaterOccurrences(
      { startLocal: `${date} ${time}`, timeZone: demo.timezone, repeatEveryWeeks: null, weekdays: [], durationMinutes: minutes },
      date,
      addDays(date, 1),
    );
    if (!o) throw new Error(`${date} ${time} in ${demo.timezone} is not a time the demo can use`);
    return { startsAt: new Date(o.startMs), endsAt: new Date(o.endMs) };
  };
  const today = localDateOf(now.getTime(), demo.timezone);
  const booking = (
    client: (typeof clients)[number],
    service: (typeof catalog)[number],
    when: { startsAt: Date; endsAt: Date },
    extra: Partial<typeof appointments.$inferInsert> = {},
  ) => ({
    clientId: client.id,
    providerId: demo.id,
    serviceId: service.id,
    priceCents: service.priceCents,
    status: 'confirmed' as const,
    confirmedAt: now,
    paymentMethod: 'in_person' as const,
    createdAt: now,
    updatedAt: now,
    startsAt: when.startsAt,
    endsAt: when.endsAt,
    ...extra,
  });

  await db.transaction(async (tx) => {
    const demoPlans = await tx.select().from(plans).where(eq(plans.providerId, demo.id));
    /** A membership bought `daysAgo`, its groups copied as a purchase does: what a booking paid with its credit records. */
    const membership = async (client: (typeof clients)[number], planName: string, daysAgo: number, paid: boolean) => {
      const plan = demoPlans.find((p) => p.name === planName);
      if (!plan) throw new Error(`The demo has no plan ${planName}`);
      const confirmedAt = new Date(now.getTime() - daysAgo * 86_400_000);
      const [m] = await tx
        .insert(memberships)
        .values({
          clientId: client.id,
          providerId: demo.id,
          planId: plan.id,
          name: plan.name,
          priceCents: plan.priceCents,
          interval: plan.interval,
          expiresInMonths: plan.expiresInMonths,
          status: 'active',
          confirmedAt,
          paymentMethod: 'in_person',
          paidAt: paid ? confirmedAt : null,
          renews: plan.interval === 'month',
          createdAt: confirmedAt,
        })
        .returning();
      if (!m) throw new Error('INSERT … RETURNING answers the inserted row');
      await snapshotPlanGroups(tx, m.id, plan.id);
      const [group] = await tx.select({ id: membershipGroups.id }).from(membershipGroups).where(eq(membershipGroups.membershipId, m.id));
      if (!group) throw new Error(`The demo plan ${planName} has no group of services`);
      if (paid) {
        await tx.insert(payments).values({
          payerId: client.id,
          providerId: demo.id,
          membershipId: m.id,
          amountCents: plan.priceCents,
          method: 'in_person',
          status: 'succeeded',
          periodStart: confirmedAt,
          paidAt: confirmedAt,
          createdAt: confirmedAt,
          updatedAt: confirmedAt,
        });
      }
      return { paymentMethod: 'membership' as const, membershipId: m.id, membershipGroupId: group.id, paidAt: null };
    };
    // Lucía pays her classes with a monthly membership (paid); Aiko used one session of a pack she will pay at the studio.
    const luciaCredit = await membership(lucia, 'Monthly Flow Membership', 10, true);
    const aikoCredit = await membership(aiko, '5-Session Pack', 5, false);

    // The next two Vinyasa classes: three and two places taken, one more cancelled.
    const vinyasa = byName('Vinyasa Flow');
    const next = await tx
      .select()
      .from(slots)
      .where(and(eq(slots.serviceId, vinyasa.id), gt(slots.startsAt, now)))
      .orderBy(asc(slots.startsAt))
      .limit(2);
    const [first, second] = next;
    if (first && second) {
      await tx
        .insert(appointments)
        .values([
          booking(lucia, vinyasa, first, { slotId: first.id, ...luciaCredit }),
          booking(tom, vinyasa, first, { slotId: first.id }),
          booking(aiko, vinyasa, first, { slotId: first.id, paidAt: now }),
          booking(lucia, vinyasa, second, { slotId: second.id, ...luciaCredit }),
          booking(aiko, vinyasa, second, { slotId: second.id }),
          booking(tom, vinyasa, second, { slotId: second.id, status: 'cancelled', cancelledAt: now, cancelledBy: tom.id }),
        ]);
      await tx.update(slots).set({ seatsTaken: 3 }).where(eq(slots.id, first.id));
      await tx.update(slots).set({ seatsTaken: 2 }).where(eq(slots.id, second.id));
    }
    // Eight weeks of history, then Lucía and Tom at a class since her membership began, Aiko's
    // first pack session and Lucía's next 1:1, each on a day the studio is open.
    const mobility = byName('1:1 Mobility Session');
    const training = byName('Personal Training');
    const classServices = CLASSES.map((c) => byName(c.name));
    await seedDemoHistory(tx, {
      providerId: demo.id,
      now,
      today,
      timetable: CLASSES.flatMap((c, i) =>
        c.timetable.map((entry) => ({ service: must(classServices[i]), time: entry.time, weekdays: entry.weekdays })),
      ),
      sessions: [mobility, training],
      at,
    });
    // The latest Yin class (Tuesdays and Thursdays, so within the week's check-in window): Lucía with
    // her credit and Tom paid at the desk, not checked in yet — the roster has something to mark.
    const yin = byName('Yin & Restore');
    const [recentClass] = await tx
      .select()
      .from(slots)
      .where(and(eq(slots.serviceId, yin.id), gt(slots.startsAt, new Date(now.getTime() - 7 * 86_400_000)), lt(slots.startsAt, now)))
      .orderBy(desc(slots.startsAt))
      .limit(1);
    if (recentClass) {
      await tx
        .insert(appointments)
        .values([
          booking(lucia, yin, recentClass, { slotId: recentClass.id, ...luciaCredit }),
          booking(tom, yin, recentClass, { slotId: recentClass.id, paidAt: recentClass.startsAt }),
        ]);
      await tx
        .update(slots)
        .set({ seatsTaken: sql`${slots.seatsTaken} + 2` })
        .where(eq(slots.id, recentClass.id));
    }
    // Aiko bought the pack five days ago and has used one session since, on a weekday afternoon.
    const aikoDay = [-1, -2, -3, -4].map((d) => addDays(today, d)).find((d) => !['sat', 'sun'].includes(weekdayKey(d)));
    if (aikoDay) await tx.insert(appointments).values(booking(aiko, training, at(aikoDay, '15:30', training.durationMinutes), aikoCredit));
    // Lucía's next 1:1, two or more days ahead on a weekday (never on a day the studio is closed).
    const luciaDay = [2, 3, 4, 5].map((d) => addDays(today, d)).find((d) => !['sat', 'sun'].includes(weekdayKey(d)));
    if (luciaDay) await tx.insert(appointments).values(booking(lucia, mobility, at(luciaDay, '11:00', mobility.durationMinutes)));
  });
}

/**
 * The whole product's tables: people and sign-in, the provider's offer, bookings, plans,
 * memberships and payments. Money is integer cents; instants are timestamptz; wall-clock values the
 * provider chose (working hours, time off, class start) are stored as wall-clock with the zone they
 * belong to (docs/product-rules.md#time-and-time-zones). Invariants live here as constraints, not
 * only in services.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  index,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => instant('created_at').notNull().defaultNow();
const updatedAt = () => instant('updated_at').notNull().defaultNow();

// ── People and sign-in ──────────────────────────────────────────────────────────────────────

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-cased (the unique index is on the stored value). */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    phone: text('phone'),
    bio: text('bio'),
    username: text('username').unique(),
    timezone: text('timezone').notNull().default('UTC'),
    isProvider: boolean('is_provider').notNull().default(false),
    requirePayment: boolean('require_payment').notNull().default(false),
    stripeAccountId: text('stripe_account_id').unique(),
    stripeConnected: boolean('stripe_connected').notNull().default(false),
    /** The Stripe Customer that pays this user's subscriptions (monthly plans), made at the first one. */
    stripeCustomerId: text('stripe_customer_id').unique(),
    avatarImageId: uuid('avatar_image_id').references((): AnyPgColumn => images.id, { onDelete: 'set null' }),
    coverImageId: uuid('cover_image_id').references((): AnyPgColumn => images.id, { onDelete: 'set null' }),
    /** ISO 3166 country whose public holidays apply to the provider's availability. */
    holidayCountry: text('holiday_country'),
    /** Reminder e-mails before the sessions this person booked (docs/product-rules.md#reminders). */
    reminders: boolean('reminders').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_provider_has_username', sql`NOT ${t.isProvider} OR ${t.username} IS NOT NULL`),
    // Requiring payment with no account able to take it would leave clients no way to book.
    check('users_payment_needs_stripe', sql`NOT ${t.requirePayment} OR ${t.stripeConnected}`),
  ],
);

/**
 * A provider's public data version (docs/decisions/0008-public-data-version.md): every write to what
 * the public profile or the slot engine reads of a provider bumps it in the same transaction, so
 * each process knows from one cheap read whether its cached copy is still current. Its own table,
 * not a users column: bumping must not take the users row lock that bookings use as the provider lock.
 */
export const providerVersions = pgTable('provider_versions', {
  providerId: uuid('provider_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

/**
 * A person's private calendar feed (docs/product-rules.md#calendar-feeds): its address's token is
 * HMAC(SESSION_SECRET, nonce), so Settings can show it again while the database alone reveals no
 * address; requests find the feed by the token's SHA-256. A new nonce ('New address') ends the
 * old address at once.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

/** A calendar of a CalDAV account, as discovered, with what the owner chose it for. */
export interface StoredCalendar {
  url: string;
  name: string;
  /** Its events block the owner's time in the slots. */
  blocks: boolean;
  /** The one calendar bookings are written to (at most one per connection). */
  writes: boolean;
}

/**
 * A CalDAV account of the person whose time it blocks (D17; docs/product-rules.md#calendar-connections).
 * The password is sealed with CALENDAR_ENCRYPTION_KEY (lib/secret-box.ts) and never leaves the server.
 * Sync state: `synced_at` is the last successful fetch, `failing_since` the first failure after it,
 * `sync_after` when the next fetch is due (later after each failure: back-off).
 */
export const calendarConnections = pgTable(
  'calendar_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverUrl: text('server_url').notNull(),
    username: text('username').notNull(),
    passwordSealed: text('password_sealed').notNull(),
    calendars: jsonb('calendars').$type<StoredCalendar[]>().notNull().default([]),
    syncedAt: instant('synced_at'),
    failingSince: instant('failing_since'),
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
    syncAfter: instant('sync_after').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('calendar_connections_user').on(t.userId), index('calendar_connections_sync_after').on(t.syncAfter)],
);

/** Busy time read from a connection's blocking calendars by the sync job: what slots and bookings read (D17). */
export const calendarBusyTimes = pgTable(
  'calendar_busy_times',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => calendarConnections.id, { onDelete: 'cascade' }),
    /** The calendar the event is in: unticking it removes its busy times at once. */
    calendarUrl: text('calendar_url').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
  },
  (t) => [index('calendar_busy_times_user_time').on(t.userId, t.startsAt), index('calendar_busy_times_connection').on(t.connectionId)],
);

/**
 * The event a booking became in a connection's calendar: where it is (`href`), its ETag for
 * conditional updates, and the booking's SEQUENCE it carries. One row per booking.
 */
export const calendarBookingEvents = pgTable('calendar_booking_events', {
  appointmentId: uuid('appointment_id').primaryKey(),
  connectionId: uuid('connection_id')
    .notNull()
    .references(() => calendarConnections.id, { onDelete: 'cascade' }),
  href: text('href').notNull(),
  etag: text('etag'),
  sequence: integer('sequence').notNull(),
  updatedAt: updatedAt(),
});

/**
 * The event a class occurrence became in a connection's calendar, as `calendarBookingEvents` is
 * for a 1:1 booking: where it is, its ETag, and the occurrence's SEQUENCE it carries.
 */
export const calendarClassEvents = pgTable('calendar_class_events', {
  slotId: integer('slot_id')
    .primaryKey()
    .references(() => slots.id, { onDelete: 'cascade' }),
  connectionId: uuid('connection_id')
    .notNull()
    .references(() => calendarConnections.id, { onDelete: 'cascade' }),
  href: text('href').notNull(),
  etag: text('etag'),
  sequence: integer('sequence').notNull(),
  updatedAt: updatedAt(),
});

/** Social sign-in identities (Google subject, Facebook id) linked to a user. */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('identities_provider_subject').on(t.provider, t.subject)],
);

/** Server-side sessions; only the SHA-256 of the cookie value is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** E-mail sign-in links; only the SHA-256 of the token is stored. */
export const magicLinks = pgTable(
  'magic_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    expiresAt: instant('expires_at').notNull(),
    /** Set when a new person opened the link and is setting up the account. */
    verifiedAt: instant('verified_at'),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('magic_links_email').on(t.email)],
);

/**
 * Social sign-in attempts between the redirect to the provider and its callback: the SHA-256 of
 * the `state`, with the nonce and PKCE verifier. Single use, short-lived (issue 5).
 */
export const oauthAttempts = pgTable('oauth_attempts', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  timezone: text('timezone'),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every app process (login rate limits). */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  windowStartedAt: instant('window_started_at').notNull(),
  hits: integer('hits').notNull(),
});

/** Uploaded images, re-encoded to WebP; kept in the database so every app process serves them. */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

// ── The provider's offer ────────────────────────────────────────────────────────────────────

export const services = pgTable(
  'services',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['appointment', 'class'] }).notNull(),
    descriptionHtml: text('description_html').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    location: text('location').notNull().default(''),
    capacity: integer('capacity').notNull(),
    /** Classes: how many clients may wait for a place in one full occurrence; 0 = no waitlist (docs/product-rules.md#waitlist). */
    waitlistSize: integer('waitlist_size').notNull().default(10),
    coverImageId: uuid('cover_image_id').references(() => images.id, { onDelete: 'set null' }),
    /** Deleted services disappear from the catalog; past bookings keep pointing at them. */
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('services_price_range', sql`${t.priceCents} BETWEEN 0 AND 1000000`),
    check('services_duration_range', sql`${t.durationMinutes} BETWEEN 0 AND 1440`),
    check('services_capacity_range', sql`${t.capacity} BETWEEN 0 AND 1000`),
    check('services_waitlist_size_range', sql`${t.waitlistSize} BETWEEN 0 AND 100`),
    index('services_provider').on(t.providerId),
  ],
);

/** Weekly working hours, wall-clock minutes after midnight in the provider's zone. ISO weekday 1 = Monday. */
export const workDays = pgTable(
  'work_days',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    available: boolean('available').notNull(),
    fromMinute: smallint('from_minute').notNull(),
    toMinute: smallint('to_minute').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.weekday] }),
    check('work_days_weekday', sql`${t.weekday} BETWEEN 1 AND 7`),
    check('work_days_order', sql`0 <= ${t.fromMinute} AND ${t.fromMinute} < ${t.toMinute} AND ${t.toMinute} <= 1439`),
  ],
);

export const policies = pgTable('policies', {
  providerId: uuid('provider_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  minHoursBeforeBooking: integer('min_hours_before_booking').notNull().default(1),
  maxDaysBeforeBooking: integer('max_days_before_booking').notNull().default(30),
  /** 0 means "Never": bookings are never refundable. */
  minHoursBeforeCancellation: integer('min_hours_before_cancellation').notNull().default(24),
  /** Hours before a session its client gets a reminder; 0 means none (docs/product-rules.md#reminders). */
  reminderHoursBefore: integer('reminder_hours_before').notNull().default(24),
  termsHtml: text('terms_html').notNull().default(''),
  updatedAt: updatedAt(),
});

/** Time off, as wall-clock start and end in the provider's zone (half-open). */
export const timeOffs = pgTable(
  'time_offs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsLocal: timestamp('starts_local', { mode: 'string' }).notNull(),
    endsLocal: timestamp('ends_local', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [check('time_offs_order', sql`${t.startsLocal} < ${t.endsLocal}`), index('time_offs_provider').on(t.providerId)],
);

/** A provider's choice per public holiday of their country: unavailable unless marked available. */
export const holidayChoices = pgTable(
  'holiday_choices',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    available: boolean('available').notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.date] })],
);

/**
 * A class timetable rule (docs/product-rules.md#classes). repeat_every_weeks NULL means a single
 * occurrence.
 */
export const repeaters = pgTable(
  'repeaters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    startLocal: timestamp('start_local', { mode: 'string' }).notNull(),
    timezone: text('timezone').notNull(),
    repeatEveryWeeks: smallint('repeat_every_weeks'),
    /** ISO weekdays 1..7 on which it repeats. */
    weekdays: smallint('weekdays').array().notNull(),
    /** Occurrences exist as slot rows up to (excluding) this local date. */
    materialisedUntil: date('materialised_until', { mode: 'string' }),
    endedAt: instant('ended_at'),
    createdAt: createdAt(),
  },
  (t) => [check('repeaters_every', sql`${t.repeatEveryWeeks} IS NULL OR ${t.repeatEveryWeeks} BETWEEN 1 AND 4`)],
);

/** Class occurrences. seats_taken counts active bookings; the check makes overbooking impossible. */
export const slots = pgTable(
  'slots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    repeaterId: integer('repeater_id').references(() => repeaters.id),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    capacity: integer('capacity').notNull(),
    seatsTaken: integer('seats_taken').notNull().default(0),
    /**
     * SEQUENCE of the occurrence's event in the provider's connected calendar (D17): raised in the
     * transaction of every booking change that alters its places taken, so the write job never puts
     * an older state over a newer one.
     */
    icsSequence: integer('ics_sequence').notNull().default(0),
    cancelledAt: instant('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('slots_order', sql`${t.startsAt} < ${t.endsAt}`),
    check('slots_seats', sql`${t.seatsTaken} >= 0 AND ${t.seatsTaken} <= ${t.capacity}`),
    uniqueIndex('slots_repeater_start').on(t.repeaterId, t.startsAt),
    index('slots_provider_start').on(t.providerId, t.startsAt),
  ],
);

// ── Plans and memberships ───────────────────────────────────────────────────────────────────

export const plans = pgTable(
  'plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    descriptionHtml: text('description_html').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    /** 'month' for a recurring membership, NULL for a single payment. */
    interval: text('interval', { enum: ['month'] }),
    /** Validity of a single payment, in months (1, 3, 6 or 12). */
    expiresInMonths: smallint('expires_in_months'),
    benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
    coverImageId: uuid('cover_image_id').references(() => images.id, { onDelete: 'set null' }),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('plans_price_range', sql`${t.priceCents} BETWEEN 0 AND 1000000`),
    check(
      'plans_kind',
      sql`(${t.interval} = 'month' AND ${t.expiresInMonths} IS NULL) OR (${t.interval} IS NULL AND ${t.expiresInMonths} IN (1, 3, 6, 12))`,
    ),
  ],
);

/** A group of services a plan covers, with how many bookings it grants per period. */
export const planGroups = pgTable(
  'plan_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [check('plan_groups_quantity', sql`${t.quantity} BETWEEN 1 AND 1000`)],
);

export const planGroupServices = pgTable(
  'plan_group_services',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => planGroups.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.serviceId] })],
);

export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    /** What was bought, as it was when bought. */
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    interval: text('interval', { enum: ['month'] }),
    expiresInMonths: smallint('expires_in_months'),
    status: text('status', { enum: ['held', 'active', 'cancelled', 'expired'] }).notNull(),
    holdExpiresAt: instant('hold_expires_at'),
    confirmedAt: instant('confirmed_at'),
    paymentMethod: text('payment_method', { enum: ['card', 'in_person'] }),
    paidAt: instant('paid_at'),
    periodStart: instant('period_start'),
    periodEnd: instant('period_end'),
    /** Monthly memberships renew until cancelled; cancelling keeps benefits until period_end. */
    renews: boolean('renews').notNull().default(false),
    cancelledAt: instant('cancelled_at'),
    /**
     * A renewal went unpaid (Stripe's invoice failed): the start of the first period nobody has paid
     * for. Its credits and later ones cannot be spent until the renewal is paid (then NULL again).
     */
    unpaidFrom: instant('unpaid_from'),
    /** Stripe gave up on the subscription: access ends at the start of the period containing this instant. */
    endsInPeriodOf: instant('ends_in_period_of'),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    createdAt: createdAt(),
  },
  (t) => [index('memberships_client').on(t.clientId), index('memberships_provider').on(t.providerId)],
);

/**
 * The plan's service groups as they were when the membership was bought: a provider editing or
 * deleting the plan later changes nothing a client has paid for, and a booking's credit
 * (`appointments.membership_group_id`) always points at a group that still exists.
 */
export const membershipGroups = pgTable(
  'membership_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check('membership_groups_quantity', sql`${t.quantity} BETWEEN 1 AND 1000`),
    index('membership_groups_membership').on(t.membershipId),
  ],
);

export const membershipGroupServices = pgTable(
  'membership_group_services',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => membershipGroups.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.serviceId] })],
);

// ── Bookings and payments ───────────────────────────────────────────────────────────────────

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    /** The class occurrence booked; NULL for 1:1 appointments. */
    slotId: integer('slot_id').references(() => slots.id),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    priceCents: integer('price_cents').notNull(),
    status: text('status', { enum: ['held', 'confirmed', 'cancelled', 'expired'] }).notNull(),
    holdExpiresAt: instant('hold_expires_at'),
    confirmedAt: instant('confirmed_at'),
    cancelledAt: instant('cancelled_at'),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    paidAt: instant('paid_at'),
    paymentMethod: text('payment_method', { enum: ['in_person', 'card', 'membership'] }),
    membershipId: uuid('membership_id').references(() => memberships.id),
    membershipGroupId: integer('membership_group_id').references(() => membershipGroups.id),
    /** Refund owed by a cancellation and not yet executed (cents); credits returned are tracked by membership_id being cleared. */
    refundDueCents: integer('refund_due_cents').notNull().default(0),
    /** Checked in by the provider (docs/product-rules.md#roster-and-check-in); NULL while not marked. */
    attendance: text('attendance', { enum: ['attended', 'no_show'] }),
    attendanceMarkedAt: instant('attendance_marked_at'),
    /**
     * The `.ics` SEQUENCE of this booking's event: raised on every change calendar apps must apply
     * in place (a move, a cancellation), under the same UID.
     */
    icsSequence: integer('ics_sequence').notNull().default(0),
    /**
     * The `starts_at` its client was reminded of (docs/product-rules.md#reminders): set in the
     * transaction that queues the reminder e-mail, so a reminder goes out once per start time and
     * a booking moved to another time is reminded again.
     */
    remindedStartsAt: instant('reminded_starts_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('appointments_order', sql`${t.startsAt} < ${t.endsAt}`),
    check('appointments_attendance', sql`${t.attendance} IN ('attended', 'no_show')`),
    /** One active place per client per class occurrence. */
    uniqueIndex('appointments_one_per_client_slot')
      .on(t.clientId, t.slotId)
      .where(sql`${t.status} IN ('held', 'confirmed') AND ${t.slotId} IS NOT NULL`),
    index('appointments_provider_start').on(t.providerId, t.startsAt),
    index('appointments_client_start').on(t.clientId, t.startsAt),
    /** A membership's credits in use are its bookings (docs/product-rules.md#memberships-and-credits). */
    index('appointments_membership')
      .on(t.membershipId)
      .where(sql`${t.membershipId} IS NOT NULL`),
    /** Housekeeping finds holds past their expiry (few rows: only live holds). */
    index('appointments_hold_expiry')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'held'`),
    /** The reminder sweep reads confirmed bookings starting in the next two days. */
    index('appointments_confirmed_start')
      .on(t.startsAt)
      .where(sql`${t.status} = 'confirmed'`),
  ],
);

/**
 * Clients waiting for a place in a full class occurrence (docs/product-rules.md#waitlist), in line
 * by id. `waiting` entries are in line; an offer is an ordinary held booking (`offer_id`), so it
 * counts against the occurrence's capacity through `slots.seats_taken` like any hold. An entry
 * leaves the line as `booked` (took a place), `lapsed` (its offer ran out or was declined),
 * `left`, `closed` (the booking notice closed with no place free) or `cancelled` (the class was).
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => slots.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Book at once with a membership credit that covers the class when a place comes free. */
    autoBook: boolean('auto_book').notNull().default(false),
    status: text('status', { enum: ['waiting', 'booked', 'lapsed', 'left', 'closed', 'cancelled'] }).notNull(),
    /** The held booking offered to this entry, once one was. */
    offerId: uuid('offer_id').references(() => appointments.id),
    offeredAt: instant('offered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    /** One place in line per client per occurrence. */
    uniqueIndex('waitlist_one_per_client_slot')
      .on(t.slotId, t.clientId)
      .where(sql`${t.status} = 'waiting'`),
    index('waitlist_slot_line')
      .on(t.slotId, t.id)
      .where(sql`${t.status} = 'waiting'`),
    index('waitlist_client').on(t.clientId),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    membershipId: uuid('membership_id').references(() => memberships.id),
    amountCents: integer('amount_cents').notNull(),
    method: text('method', { enum: ['card', 'in_person'] }).notNull(),
    /**
     * A card payment is `pending` from checkout until Stripe says the money moved (`succeeded`) or
     * the attempt is abandoned (`failed`); refunds move it to `partially_refunded` / `refunded`.
     */
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'refunded', 'partially_refunded'] }).notNull(),
    /** For a membership: the start of the period this payment pays for (a monthly membership is paid each period). */
    periodStart: instant('period_start'),
    stripePaymentIntentId: text('stripe_payment_intent_id').unique(),
    /** The subscription invoice this payment settles (monthly plans). */
    stripeInvoiceId: text('stripe_invoice_id').unique(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** When Stripe reported the money moved (or the provider marked it paid in person). */
    paidAt: instant('paid_at'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_target', sql`(${t.appointmentId} IS NULL) <> (${t.membershipId} IS NULL)`),
    check('payments_refund_range', sql`${t.refundedCents} BETWEEN 0 AND ${t.amountCents}`),
    index('payments_appointment').on(t.appointmentId),
    index('payments_membership').on(t.membershipId),
  ],
);

/**
 * Money given back on a card payment. A row is written in the transaction that decides the refund
 * (a cancellation, a payment that arrived after its hold); a job then asks Stripe with the row's
 * id as idempotency key, so a retry never refunds twice (docs/architecture.md#card-payments).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: ['client_cancellation', 'provider_cancellation', 'late_payment'] }).notNull(),
    /**
     * `pending` until Stripe has done it (`succeeded`), or its job gave up (`failed`). Where a card
     * refund is impossible (no Stripe keys) it is `due`: the provider gives it back by hand and
     * marks it refunded (`settled_by_hand`). Failed and due rows are what the provider owes by hand
     * (docs/product-rules.md#cancellation-and-refunds). A text column: new values need no migration.
     */
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'due', 'settled_by_hand'] })
      .notNull()
      .default('pending'),
    stripeRefundId: text('stripe_refund_id').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('refunds_amount', sql`${t.amountCents} > 0`), index('refunds_payment').on(t.paymentId)],
);

/** Stripe events already processed: the unique id makes every event take effect once (D12). */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

// ── Background work (docs/architecture.md#background-jobs-and-e-mail) ───────────────────────

/**
 * Durable jobs (`server/src/jobs/`). A runner claims a due job by leasing it (`locked_until`)
 * with `FOR UPDATE SKIP LOCKED`, runs it outside any transaction, then deletes it, or reschedules
 * it with backoff after a failure. Periodic jobs carry a unique `key` so N processes keep one row.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    key: text('key').unique(),
    runAt: instant('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lockedUntil: instant('locked_until'),
    lastError: text('last_error'),
    /** Set when a one-off job used up its attempts: kept for an operator to see, never run again. */
    failedAt: instant('failed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('jobs_attempts', sql`${t.maxAttempts} >= 1 AND ${t.attempts} >= 0`),
    index('jobs_due')
      .on(t.runAt)
      .where(sql`${t.failedAt} IS NULL`),
  ],
);

/**
 * E-mails waiting to be sent or sent (docs/architecture.md#background-jobs-and-e-mail): written in
 * the transaction of the change they report, delivered by a `mail.send` job (whose run_at is the
 * next attempt). Once sent, only the envelope is kept: the body may carry a sign-in link.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_sent').on(t.sentAt)],
);

/** An attachment as JSON: binary content is base64. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding?: 'base64';
}

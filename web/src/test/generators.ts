import type {
  Appointment,
  Me,
  Membership,
  MembershipOption,
  ProviderPlan,
  PurchasedService,
  ScheduleSlot,
  Service,
} from '@slotted/contract';

/** A held 1:1 booking of the demo kind, for tests. */
export function anAppointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: '6f1c2a34-1b2c-4d5e-8f90-123456789abc',
    status: 'held',
    slot: null,
    date: '2026-11-24',
    time: '10:00',
    until: '11:00',
    pretty_date: 'Tuesday, 24 November 2026',
    starts_at: '2026-11-24T09:00:00Z',
    ends_at: '2026-11-24T10:00:00Z',
    timezone: 'Europe/Madrid',
    in_the_past: false,
    name: 'Personal training',
    location: 'Studio 1, Calle Mayor 5',
    duration: 60,
    price: 45,
    confirmed_at: null,
    cancelled_at: null,
    paid_at: null,
    payment_method: null,
    missing_payment: true,
    expires_in_seconds: 600,
    expires_in_days: 1,
    can_be_cancelled: false,
    cancellation_refundable: true,
    refund_due: 0,
    refunded: 0,
    refund_due_by_hand: 0,
    refunded_by_hand: 0,
    payment_options: ['in_person'],
    is_mine: true,
    client: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', avatar: null, phone: null },
    provider: {
      name: 'Pat Provider',
      username: 'pat',
      avatar: null,
      bio: null,
      phone: null,
      email: 'pat@example.com',
      stripe_connected: false,
      require_payment: false,
      timezone: 'Europe/Madrid',
      policy: { min_hours_before_cancellation: 24, terms_of_service: '<p>Please arrive 5 minutes early.</p>' },
    },
    service: { id: 7, type: 'appointment', memberships: [] },
    membership: null,
    can_be_moved: false,
    move_refusal: null,
    attendance: null,
    ...overrides,
  };
}

/** The same booking once confirmed (pay in person). */
export function aConfirmedAppointment(overrides: Partial<Appointment> = {}): Appointment {
  return anAppointment({
    status: 'confirmed',
    confirmed_at: '2026-11-20T08:00:00Z',
    payment_method: 'in_person',
    expires_in_seconds: null,
    can_be_cancelled: true,
    can_be_moved: true,
    payment_options: [],
    ...overrides,
  });
}

/** A signed-in user (a client unless overridden). */
export function aMe(overrides: Partial<Me> = {}): Me {
  return {
    id: 'u1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    phone: null,
    avatar: null,
    cover: null,
    bio: null,
    username: null,
    timezone: 'Europe/Madrid',
    is_provider: false,
    require_payment: false,
    stripe_connected: false,
    sign_in_methods: ['email'],
    reminders: true,
    ...overrides,
  };
}

export const aClient = aMe();
export const aProvider = aMe({ id: 'u2', name: 'Pat Provider', username: 'pat', is_provider: true });

/** A provider's own 1:1 service, as the catalog lists it. */
export function aService(overrides: Partial<Service> = {}): Service {
  return {
    id: 1,
    name: 'Personal training',
    type: 'appointment',
    description: '<p>One to one.</p>',
    price: 45,
    duration: 60,
    location: 'Studio 1',
    capacity: 1,
    waitlist_size: 0,
    cover: null,
    provider: { name: 'Pat Provider', username: 'pat', avatar: null, timezone: 'UTC' },
    is_mine: true,
    paid_appointments: 0,
    cancelled_appointments: 0,
    ...overrides,
  };
}

/** A membership that can pay for a booking, as GET /api/appointments/{id}?include=memberships lists it. */
export function aMembershipOption(overrides: Partial<MembershipOption> = {}): MembershipOption {
  return {
    id: '0b6f3c1e-6a57-4c4a-9d0e-5a1f2b3c4d5e',
    name: 'Monthly Flow Membership',
    price: 79,
    cover: null,
    interval: 'month',
    quantity_count: 8,
    used_count: 2,
    available_count: 6,
    renewal_day: '2026-12-15',
    expiration_day: null,
    ...overrides,
  };
}

/** A provider's monthly plan with one class group, as GET /api/plans lists it. */
export function aProviderPlan(overrides: Partial<ProviderPlan> = {}): ProviderPlan {
  return {
    id: 1,
    name: 'Monthly Flow Membership',
    description: '<p>Eight classes a month.</p>',
    price: 79,
    interval: 'month',
    expires_in: null,
    benefits: ['8 classes a month'],
    services: [{ quantity: 8, services: [2] }],
    cover: null,
    total_sales: { memberships: 3, amount: 237, unpaid: { memberships: 0, amount: 0 } },
    ...overrides,
  };
}

/** A monthly membership just bought and held for checkout (pay in person), with one group of classes. */
export function aMembership(overrides: Partial<Membership> = {}): Membership {
  return {
    id: '3d2a8f7e-5b1c-4e0a-9f3d-2c1b0a9e8d7f',
    plan_id: 4,
    status: 'held',
    name: 'Monthly Flow Membership',
    description: '<p>Eight classes a month.</p>',
    benefits: ['8 classes a month', 'Free mat'],
    price: 79,
    interval: 'month',
    expires_in: null,
    cover: null,
    provider: {
      id: 'u2',
      name: 'Pat Provider',
      username: 'pat',
      avatar: null,
      stripe_connected: false,
      require_payment: false,
      policy: { terms_of_service: '<p>Memberships renew monthly.</p>' },
    },
    client: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', avatar: null },
    quantity_count: 8,
    used_count: 0,
    available_count: 8,
    renewal_day: null,
    expiration_day: null,
    expires_in_seconds: 600,
    confirmed_at: null,
    cancelled_at: null,
    paid_at: null,
    payment_method: null,
    missing_payment: true,
    payment_options: ['in_person'],
    can_be_cancelled: false,
    is_mine: true,
    services: [
      {
        id: 1,
        quantity: 8,
        used: 0,
        available: 8,
        services: [{ id: 12, name: 'Vinyasa Flow', type: 'class', duration: 60, price: 15, cover: null }],
      },
    ],
    card: null,
    payments: [],
    ...overrides,
  };
}

/** The same membership once confirmed and paid in person: active, renewing, two classes used. */
export function anActiveMembership(overrides: Partial<Membership> = {}): Membership {
  const base = aMembership();
  return aMembership({
    status: 'active',
    confirmed_at: '2026-11-15T09:00:00Z',
    expires_in_seconds: null,
    payment_method: 'in_person',
    paid_at: '2026-11-15T09:00:00Z',
    missing_payment: false,
    payment_options: [],
    can_be_cancelled: true,
    used_count: 2,
    available_count: 6,
    renewal_day: '2026-12-15',
    services: base.services.map((group) => ({ ...group, used: 2, available: 6 })),
    ...overrides,
  });
}

/** A service the client can book without paying now (My passes → Services). */
export function aPurchasedService(overrides: Partial<PurchasedService> = {}): PurchasedService {
  return {
    service: { id: 12, name: 'Vinyasa Flow', type: 'class', duration: 60, price: 15, cover: null, location: 'Main studio' },
    provider: { id: 'u2', name: 'Pat Provider', username: 'pat', avatar: null },
    available_count: 6,
    availability: [
      { expires_in_days: 12, count: 3 },
      { expires_in_days: 40, count: 3 },
    ],
    memberships: [{ id: '3d2a8f7e-5b1c-4e0a-9f3d-2c1b0a9e8d7f', name: 'Monthly Flow Membership' }],
    shares_credits: false,
    payments: [],
    ...overrides,
  };
}

/** What a schedule card says of each booking beyond who it is (the roster's facts), for building cards in tests. */
export const rosterFacts = {
  price: 40,
  payment_method: 'in_person',
  membership: null,
  paid: false,
  attendance: null,
} as const satisfies Partial<ScheduleSlot['appointments'][number]>;

/** A booking on a schedule card: confirmed, €25 paid in person and not yet paid, not checked in. */
export function aScheduleBooking(
  id: string,
  client: ScheduleSlot['appointments'][number]['client'],
  overrides: Partial<ScheduleSlot['appointments'][number]> = {},
): ScheduleSlot['appointments'][number] {
  return { id, status: 'confirmed', cancelled_at: null, client, ...rosterFacts, price: 25, ...overrides };
}

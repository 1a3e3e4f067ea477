import type { Appointment, Me, Membership, MembershipOption, ProviderPlan, Service } from '@slotted/contract';

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
      policy: { min_hours_before_cancellation: 24, terms_of_service: '<p>Please arrive 5 minutes early.</p>' },
    },
    service: { id: 7, type: 'appointment', memberships: [] },
    membership: null,
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
    cover: null,
    provider: { name: 'Pat Provider', username: 'pat', avatar: null },
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
    total_sales: { memberships: 3, amount: 237 },
    ...overrides,
  };
}

/** A confirmed monthly membership paid in person, as GET /api/memberships lists it. */
export function aMembership(overrides: Partial<Membership> = {}): Membership {
  return {
    id: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a',
    plan_id: 1,
    status: 'active',
    name: 'Monthly Flow Membership',
    description: '<p>Eight classes a month.</p>',
    benefits: ['8 classes a month'],
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
      policy: { terms_of_service: '' },
    },
    client: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', avatar: null },
    quantity_count: 8,
    used_count: 2,
    available_count: 6,
    renewal_day: '2026-12-15',
    expiration_day: null,
    expires_in_seconds: null,
    confirmed_at: '2026-11-15T09:00:00Z',
    cancelled_at: null,
    paid_at: '2026-11-15T09:00:00Z',
    payment_method: 'in_person',
    missing_payment: false,
    payment_options: [],
    can_be_cancelled: true,
    is_mine: false,
    services: [
      {
        id: 1,
        quantity: 8,
        used: 2,
        available: 6,
        services: [{ id: 2, name: 'Vinyasa flow', type: 'class', duration: 75, price: 12.5, cover: null }],
      },
    ],
    card: null,
    payments: [],
    ...overrides,
  };
}

/** The provider's catalog of services (docs/product-rules.md#services; issue 3). */
import { DEFAULT_CAPACITY, DEFAULT_WAITLIST_SIZE, fromCents, toCents, type Service, type serviceInput } from '@slotted/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { imageUrl } from '../images/index.ts';
import { writeProviderData } from '../public-cache/index.ts';
import {
  findLiveService,
  insertService,
  listProviderServices,
  softDeleteService,
  updateService,
  type NewService,
  type ServiceListRow,
} from './services.queries.ts';

type ServiceInput = z.output<typeof serviceInput>;

export function presentService(row: ServiceListRow, viewerId: string | null): Service {
  const s = row.service;
  return {
    id: s.id,
    name: s.name,
    type: s.type,
    description: s.descriptionHtml,
    price: fromCents(s.priceCents),
    duration: s.durationMinutes,
    location: s.location,
    capacity: s.capacity,
    waitlist_size: s.type === 'class' ? s.waitlistSize : 0,
    cover: imageUrl(s.coverImageId),
    provider: {
      name: row.providerName,
      username: row.providerUsername,
      avatar: imageUrl(row.providerAvatarId),
      timezone: row.providerTimezone,
    },
    is_mine: viewerId === s.providerId,
    paid_appointments: row.paidAppointments,
    cancelled_appointments: row.cancelledAppointments,
  };
}

function toColumns(input: ServiceInput): Omit<NewService, 'providerId'> {
  return {
    name: input.name,
    type: input.type,
    descriptionHtml: sanitizeRichText(input.description),
    priceCents: toCents(input.price),
    durationMinutes: input.duration,
    location: input.location,
    // Appointments are one client per slot; a class without a capacity gets the default.
    capacity: input.type === 'appointment' ? DEFAULT_CAPACITY.appointment : (input.capacity ?? DEFAULT_CAPACITY.class),
    // Only classes have a waitlist (docs/product-rules.md#waitlist).
    waitlistSize: input.type === 'appointment' ? 0 : (input.waitlist_size ?? DEFAULT_WAITLIST_SIZE),
  };
}

export function servicesService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function mine(providerId: string, id: number): Promise<ServiceListRow> {
    const row = await findLiveService(db, id);
    // Another provider's service is answered like a missing one
    // (docs/product-rules.md#roles-and-accounts).
    if (!row || row.service.providerId !== providerId) throw new AppError('not_found', 'Service not found.');
    return row;
  }

  return {
    async list(providerId: string, type?: 'appointment' | 'class'): Promise<Service[]> {
      return (await listProviderServices(db, providerId, type)).map((r) => presentService(r, providerId));
    },

    async create(providerId: string, input: ServiceInput): Promise<Service> {
      const now = clock.now();
      const id = await writeProviderData(db, providerId, (tx) =>
        insertService(tx, { ...toColumns(input), providerId, createdAt: now, updatedAt: now }),
      );
      return presentService(await mine(providerId, id), providerId);
    },

    async update(providerId: string, id: number, input: ServiceInput): Promise<Service> {
      await writeProviderData(db, providerId, async (tx) => {
        if (!(await updateService(tx, id, providerId, { ...toColumns(input), updatedAt: clock.now() })))
          throw new AppError('not_found', 'Service not found.');
      });
      return presentService(await mine(providerId, id), providerId);
    },

    async remove(providerId: string, id: number): Promise<void> {
      await writeProviderData(db, providerId, async (tx) => {
        if (!(await softDeleteService(tx, id, providerId, clock.now()))) throw new AppError('not_found', 'Service not found.');
      });
    },
  };
}

import { z } from 'zod';

/** Body of POST /api/slots/{id}/waitlist (docs/product-rules.md#waitlist): `auto_book` 0/1 (or a boolean). */
export const joinWaitlistInput = z.object({
  auto_book: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], { error: 'Choose 0 or 1.' })
    .optional()
    .transform((v) => v === 1 || v === '1' || v === true),
});
export type JoinWaitlistInput = z.input<typeof joinWaitlistInput>;

/** The client's place in one occurrence's line. */
export const waitlistPlaceSchema = z.object({
  slot_id: z.number(),
  /** 1 = next in line. */
  position: z.number(),
  auto_book: z.boolean(),
});
export type WaitlistPlace = z.infer<typeof waitlistPlaceSchema>;

/** GET /api/waitlist: the client's entries, with the occurrence and, while one lives, the offered place. */
export const waitlistEntrySchema = waitlistPlaceSchema.extend({
  service: z.object({ id: z.number(), name: z.string() }),
  provider: z.object({ name: z.string(), username: z.string().nullable() }),
  starts_at: z.string(),
  ends_at: z.string(),
  /** The held booking offered to the client (its checkout confirms it), while the offer lives. */
  offer: z.object({ appointment_id: z.string(), expires_at: z.string() }).nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** GET /api/slots/{id}/waitlist: the provider's view of one occurrence's line, in order. */
export const slotWaitlistEntrySchema = z.object({
  position: z.number(),
  client: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() }),
  auto_book: z.boolean(),
  joined_at: z.string(),
  /** A place is held for this client until then (an offer pending). */
  offer_expires_at: z.string().nullable(),
});
export type SlotWaitlistEntry = z.infer<typeof slotWaitlistEntrySchema>;

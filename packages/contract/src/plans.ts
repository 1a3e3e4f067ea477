import { z } from 'zod';
import { PLAN_QUANTITY_MAX, PLAN_QUANTITY_MIN, PLAN_VALID_FOR_MONTHS } from './constants.ts';
import { recordId } from './ids.ts';
import { uploadedFile } from './me.ts';
import { euroAmount } from './money.ts';
import { multiLineText, singleLineText } from './text.ts';

export const PLAN_INTERVALS = ['month', ''] as const;
/** Most benefit lines and service groups one plan has: a drawer, not a spreadsheet. */
export const PLAN_BENEFITS_MAX = 20;
export const PLAN_GROUPS_MAX = 20;

/** A service group of a plan: `quantity` bookings of any of its services per period (docs/product-rules.md#memberships-and-credits). */
export const planGroupSchema = z.object({ quantity: z.number(), services: z.array(z.number()) });

/** A plan as the public profile lists it (docs/product-rules.md#memberships-and-credits). */
export const planSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  /** 'month' for a membership that renews, '' for a single payment. */
  interval: z.enum(PLAN_INTERVALS),
  /** Months a single payment is valid for; null for a membership. */
  expires_in: z.enum(PLAN_VALID_FOR_MONTHS).nullable(),
  benefits: z.array(z.string()),
  services: z.array(planGroupSchema),
  cover: z.string().nullable(),
});
export type Plan = z.infer<typeof planSchema>;

/** A plan in the provider's catalog: the plan and what it sold (the spec's 'todo' column, built). */
export const providerPlanSchema = planSchema.extend({
  total_sales: z.object({
    /** Memberships bought (confirmed), including ones since cancelled or expired. */
    memberships: z.number(),
    /** Euros taken for them, net of refunds. */
    amount: z.number(),
    /** Confirmed purchases nothing has been paid for yet (to be paid in person), and their price in euros. */
    unpaid: z.object({ memberships: z.number(), amount: z.number() }),
  }),
});
export type ProviderPlan = z.infer<typeof providerPlanSchema>;

/**
 * A multipart form sends lists as JSON text (docs/architecture.md#api-conventions); a JSON body or the web form sends the list
 * itself. Text that is not JSON is passed on as it is, so the list's own message says what is wrong.
 */
function jsonEncoded<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, schema);
}

const quantity = z
  .number({ error: 'Please enter the quantity.' })
  .int('The quantity must be a whole number.')
  .min(PLAN_QUANTITY_MIN, `The quantity must be between ${PLAN_QUANTITY_MIN} and ${PLAN_QUANTITY_MAX}.`)
  .max(PLAN_QUANTITY_MAX, `The quantity must be between ${PLAN_QUANTITY_MIN} and ${PLAN_QUANTITY_MAX}.`);

const planGroupInput = z.object(
  {
    quantity: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), quantity),
    // The same service twice in one group means nothing more than once.
    services: z
      .array(recordId('Select one or more services.'), { error: 'Select one or more services.' })
      .min(1, 'Select one or more services.')
      .transform((ids) => [...new Set(ids)]),
  },
  { error: 'Each group needs services and a quantity.' },
);

/**
 * The text fields of POST /api/plans and POST /api/plans/{id} (docs/product-rules.md#limits-and-validation): the 422 keys
 * are name, description, price, interval, expires_in, benefits (`benefits.2`) and services
 * (`services.0.quantity`, `services.0.services`). The cover (cover_upload) is checked by content.
 */
export const planFields = z
  .object({
    name: singleLineText({
      what: 'the name',
      required: 'Please enter a name.',
      max: 120,
      tooLong: 'The name can be at most 120 characters.',
    }),
    description: multiLineText({ what: 'the description', max: 50_000, tooLong: 'The description is too long.' }).default(''),
    price: euroAmount,
    /** Missing or empty: a single payment. */
    interval: z.enum(PLAN_INTERVALS, { error: 'Choose a membership or a single payment.' }).default(''),
    expires_in: z.union([z.literal(''), z.enum(PLAN_VALID_FOR_MONTHS)], { error: 'Choose 12, 6, 3 or 1 months.' }).optional(),
    benefits: jsonEncoded(
      z
        .array(
          singleLineText({
            what: 'a benefit',
            required: 'Please write the benefit or remove the line.',
            max: 200,
            tooLong: 'A benefit can be at most 200 characters.',
          }),
          {
            error: 'The benefits must be a list of lines.',
          },
        )
        .max(PLAN_BENEFITS_MAX, `A plan can list at most ${PLAN_BENEFITS_MAX} benefits.`),
    ).default([]),
    services: jsonEncoded(
      z
        .array(planGroupInput, { error: 'The services must be a list of groups.' })
        .max(PLAN_GROUPS_MAX, `A plan can have at most ${PLAN_GROUPS_MAX} groups of services.`),
    ).default([]),
  })
  .superRefine((plan, ctx) => {
    if (plan.interval === '' && !plan.expires_in)
      ctx.addIssue({ code: 'custom', path: ['expires_in'], message: 'Choose how long the plan is valid for.' });
  })
  // The drawer keeps its 'Valid for' choice while Membership is picked: a membership has no expiry.
  .transform(({ expires_in, ...plan }) => ({ ...plan, expires_in: plan.interval === 'month' ? null : (expires_in ?? null) }));
export type PlanFields = z.input<typeof planFields>;

/** The plan form as /api/docs shows it: the lists travel as JSON text beside the cover file. */
export const planForm = z.object({
  name: z.string(),
  description: z.string().optional(),
  price: z.string().meta({ description: 'Euros, at most two decimals, 0 to 10000.' }),
  interval: z.enum(PLAN_INTERVALS).optional(),
  expires_in: z.enum(PLAN_VALID_FOR_MONTHS).optional().meta({ description: 'Months; single payments only.' }),
  benefits: z.string().optional().meta({ description: 'JSON: a list of strings.' }),
  services: z.string().optional().meta({ description: 'JSON: a list of groups, `[{ "quantity": 1–1000, "services": [service ids] }]`.' }),
  cover_upload: uploadedFile.optional(),
});

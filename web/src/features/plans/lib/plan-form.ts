import { z } from 'zod';
import { PLAN_VALID_FOR_MONTHS, planFields, type Plan } from '@slotted/contract';
import type { PlanPayload } from '../api/save-plan.ts';

export type ValidFor = (typeof PLAN_VALID_FOR_MONTHS)[number];

/** A picked cover: the file to send and its preview. */
export interface PickedCover {
  file: File;
  url: string;
}

/**
 * The plan drawer's fields as typed. Text inputs keep strings until saving; list lines are objects
 * because react-hook-form's field arrays key their rows by an id of their own. 'once' stands for
 * the API's empty interval (a single payment), which a radio cannot carry.
 */
export interface PlanFormValues {
  name: string;
  description: string;
  cover_upload: PickedCover | null;
  interval: 'month' | 'once';
  expires_in: ValidFor;
  price: string;
  benefits: { text: string }[];
  services: { quantity: string; services: number[] }[];
}

/** A new plan is a monthly membership (docs/product-rules.md#memberships-and-credits). */
export function planFormValues(plan: Plan | null): PlanFormValues {
  if (!plan) {
    return {
      name: '',
      description: '',
      cover_upload: null,
      interval: 'month',
      expires_in: PLAN_VALID_FOR_MONTHS[0],
      price: '',
      benefits: [],
      services: [],
    };
  }
  return {
    name: plan.name,
    description: plan.description,
    cover_upload: null,
    interval: plan.interval === 'month' ? 'month' : 'once',
    expires_in: plan.expires_in ?? PLAN_VALID_FOR_MONTHS[0],
    price: plan.price.toFixed(2),
    benefits: plan.benefits.map((text) => ({ text })),
    services: plan.services.map((group) => ({ quantity: String(group.quantity), services: group.services })),
  };
}

/**
 * The form field that shows an API message keyed `key` (docs/product-rules.md#limits-and-validation):
 * 'benefits.2' is the third line's text; the other keys (name, price, services.0.quantity…) name
 * their field as they are.
 */
export function planFieldOf(key: string): string {
  return /^benefits\.\d+$/.test(key) ? `${key}.text` : key;
}

/** The drawer's schema: the contract's planFields checks what was typed; out comes the request. */
export const planFormSchema = z.custom<PlanFormValues>().transform((values, ctx): PlanPayload => {
  const parsed = planFields.safeParse({
    name: values.name,
    description: values.description,
    price: values.price,
    interval: values.interval === 'month' ? 'month' : '',
    expires_in: values.expires_in,
    benefits: values.benefits.map((line) => line.text),
    services: values.services.map((group) => ({ quantity: group.quantity, services: group.services })),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', path: planFieldOf(issue.path.join('.')).split('.'), message: issue.message });
    }
    return z.NEVER;
  }
  return { ...parsed.data, cover_upload: values.cover_upload?.file ?? null };
});

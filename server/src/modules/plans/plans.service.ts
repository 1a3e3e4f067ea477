/**
 * The provider's plans (docs/product-rules.md#memberships-and-credits): monthly
 * memberships and single payments, each granting bookings of groups of the provider's services.
 * Every field error is gathered before anything is written, then the change is one transaction.
 */
import {
  fieldErrors,
  fromCents,
  PLAN_COVER_MAX_BYTES,
  PLAN_VALID_FOR_MONTHS,
  planFields,
  toCents,
  type Plan,
  type ProviderPlan,
} from '@slotted/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { bumpProviderVersion, writeProviderData } from '../public-cache/index.ts';
import { deleteImage, imageUrl, insertImage, processImage, type ProcessedImage, type UploadForm } from '../images/index.ts';
import {
  findLivePlanWithSales,
  groupsOfPlans,
  insertPlan,
  listLivePlans,
  listLivePlansWithSales,
  ownLiveServiceIds,
  replaceGroups,
  softDeletePlan,
  updateLivePlan,
  type NewPlan,
  type PlanGroup,
  type PlanRow,
  type PlanSalesRow,
} from './plans.queries.ts';

/** The files of the plan form and the most bytes each may have (docs/product-rules.md#limits-and-validation: the cover, 2 MB). */
export const PLAN_FILE_FIELDS = { cover_upload: PLAN_COVER_MAX_BYTES } as const;
type PlanForm = UploadForm<keyof typeof PLAN_FILE_FIELDS>;

type CheckedPlan = { fields: z.output<typeof planFields>; cover: ProcessedImage | null };

const NOT_FOUND = 'Plan not found.';

function presentPlan(row: PlanRow, groups: PlanGroup[]): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.descriptionHtml,
    price: fromCents(row.priceCents),
    interval: row.interval ?? '',
    expires_in: PLAN_VALID_FOR_MONTHS.find((months) => Number(months) === row.expiresInMonths) ?? null,
    benefits: row.benefits,
    services: groups,
    cover: imageUrl(row.coverImageId),
  };
}

function presentWithSales(row: PlanSalesRow, groups: PlanGroup[]): ProviderPlan {
  return {
    ...presentPlan(row.plan, groups),
    total_sales: {
      memberships: row.membershipsSold,
      amount: fromCents(row.takenCents),
      unpaid: { memberships: row.unpaidCount, amount: fromCents(row.unpaidCents) },
    },
  };
}

function toColumns(fields: CheckedPlan['fields']): Omit<NewPlan, 'providerId'> {
  return {
    name: fields.name,
    descriptionHtml: sanitizeRichText(fields.description),
    priceCents: toCents(fields.price),
    interval: fields.interval === 'month' ? 'month' : null,
    expiresInMonths: fields.expires_in === null ? null : Number(fields.expires_in),
    benefits: fields.benefits,
  };
}

/** The provider's live plans as the public profile shows them. */
export async function livePlansOf(db: Db, providerId: string): Promise<Plan[]> {
  const rows = await listLivePlans(db, providerId);
  const groups = await groupsOfPlans(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentPlan(r, groups.get(r.id) ?? []));
}

export function plansService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function mine(providerId: string, id: number): Promise<ProviderPlan> {
    const row = await findLivePlanWithSales(db, providerId, id);
    // Another provider's plan is answered like a missing one (docs/product-rules.md#roles-and-accounts).
    if (!row) throw new AppError('not_found', NOT_FOUND);
    return presentWithSales(row, (await groupsOfPlans(db, [id])).get(id) ?? []);
  }

  /** Checks the fields, the cover and that every group's services are the provider's own. */
  async function check(providerId: string, form: PlanForm): Promise<CheckedPlan> {
    const errors: Record<string, string[]> = {};
    const parsed = planFields.safeParse(form.fields);
    if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error.issues));
    if (parsed.success) {
      const groups = parsed.data.services;
      const own = await ownLiveServiceIds(db, providerId, [...new Set(groups.flatMap((g) => g.services))]);
      for (const [i, group] of groups.entries()) {
        if (group.services.some((id) => !own.has(id))) errors[`services.${i}.services`] = ['Choose services from your own catalog.'];
      }
    }
    let cover: ProcessedImage | null = null;
    if (form.files.cover_upload) {
      const r = await processImage(form.files.cover_upload, 'plan_cover', PLAN_COVER_MAX_BYTES);
      if (r.ok) cover = r.image;
      else errors.cover_upload = [r.message];
    }
    if (!parsed.success || Object.keys(errors).length > 0) throw validationError(errors);
    return { fields: parsed.data, cover };
  }

  return {
    async list(providerId: string): Promise<ProviderPlan[]> {
      const rows = await listLivePlansWithSales(db, providerId);
      const groups = await groupsOfPlans(
        db,
        rows.map((r) => r.plan.id),
      );
      return rows.map((r) => presentWithSales(r, groups.get(r.plan.id) ?? []));
    },

    async create(providerId: string, form: PlanForm): Promise<ProviderPlan> {
      const { fields, cover } = await check(providerId, form);
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const coverImageId = cover ? await insertImage(tx, providerId, cover) : null;
        const planId = await insertPlan(tx, { ...toColumns(fields), providerId, coverImageId, createdAt: now, updatedAt: now });
        await replaceGroups(tx, planId, fields.services);
        await bumpProviderVersion(tx, providerId);
        return planId;
      });
      return mine(providerId, id);
    },

    /** The same form as create; without a new cover the plan keeps its picture. */
    async update(providerId: string, id: number, form: PlanForm): Promise<ProviderPlan> {
      // Someone else's plan is not found, whatever the form says.
      await mine(providerId, id);
      const { fields, cover } = await check(providerId, form);
      await db.transaction(async (tx) => {
        const coverImageId = cover ? await insertImage(tx, providerId, cover) : undefined;
        const before = await updateLivePlan(tx, id, providerId, {
          ...toColumns(fields),
          ...(coverImageId ? { coverImageId } : {}),
          updatedAt: clock.now(),
        });
        // Deleted meanwhile: throwing rolls the new cover back too.
        if (!before) throw new AppError('not_found', NOT_FOUND);
        if (coverImageId && before.coverImageId) await deleteImage(tx, before.coverImageId);
        await replaceGroups(tx, id, fields.services);
        await bumpProviderVersion(tx, providerId);
      });
      return mine(providerId, id);
    },

    /** Stops new sales; clients keep the memberships they bought (docs/product-rules.md#memberships-and-credits). */
    async remove(providerId: string, id: number): Promise<void> {
      await writeProviderData(db, providerId, async (tx) => {
        if (!(await softDeletePlan(tx, id, providerId, clock.now()))) throw new AppError('not_found', NOT_FOUND);
      });
    },
  };
}

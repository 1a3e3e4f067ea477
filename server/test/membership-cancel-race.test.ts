/**
 * A credit pays only for a covered date (D15, docs/product-rules.md#memberships-and-credits),
 * under concurrency: two app processes on one PostgreSQL database, one cancelling a membership
 * while the other pays the client's future bookings with it. Whatever the order, no confirmed
 * booking keeps a credit for a session after the membership's last covered day. (PGlite runs one
 * process: skipped there, like the other two-process tests.)
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { appointments } from '../src/db/schema.ts';
import { membershipState } from '../src/domain/memberships/index.ts';
import { loadMembershipFacts, toDomainMembership } from '../src/modules/memberships/index.ts';
import {
  buildAppointment,
  buildMembership,
  buildPlan,
  buildProvider,
  buildService,
  buildUser,
  startSession,
  type Store,
} from './support/factories.ts';
import { type RaceClient } from './support/race-fixture.ts';
import { engine } from './support/test-db.ts';
import { RACE_SECRET, twoProcesses, type TwoProcesses } from './support/two-processes.ts';
import { must } from './support/must.ts';

const DAY = 86_400_000;
const ROUNDS = 12;
/** Sessions 1 to 70 days ahead: in the membership's first, second and third months. */
const SESSION_DAYS = [1, 5, 20, 33, 40, 45, 60, 70];

describe.runIf(engine === 'postgres')(
  'cancelling a membership while its future bookings are paid with it, in two processes',
  { timeout: 300_000 },
  () => {
    let db: Db;
    let processes: TwoProcesses | undefined;

    beforeAll(async () => {
      processes = await twoProcesses();
      db = processes.db;
    }, 120_000);

    afterAll(async () => {
      await processes?.close();
    });

    const post = async (app: number, client: RaceClient, path: string, body?: object) =>
      (await must(processes, 'the two processes').post(app, client, path, body)).status;

    it('never leaves a confirmed booking holding a credit after the last covered day', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const now = new Date();
        const store: Store = { db, clock: { now: () => now } };
        const provider = await buildProvider(store, { name: `Studio ${round}`, timezone: 'Europe/Madrid' });
        const massage = await buildService(store, provider, { name: 'Massage', priceCents: 4000, durationMinutes: 60 });
        const plan = await buildPlan(store, provider, { groups: [{ quantity: 10, services: [massage] }] });
        const user = await buildUser(store, { email: `cancel-race-${round}@example.com`, name: 'Ana', timezone: 'UTC' });
        const session = await startSession(store, { secure: false, sessionSecret: RACE_SECRET }, user);
        const client: RaceClient = { cookie: `${session.name}=${session.value}; XSRF-TOKEN=${session.xsrf}`, xsrf: session.xsrf };
        const membership = await buildMembership(store, user, plan);
        const holds = await Promise.all(
          SESSION_DAYS.map(
            async (d) =>
              (
                await buildAppointment(store, {
                  client: user,
                  service: massage,
                  status: 'held',
                  startsAt: new Date(now.getTime() + d * DAY),
                })
              ).id,
          ),
        );

        // The cancellation goes to one process while the deductions are spread over both; its
        // position among them moves from round to round.
        const requests = holds.map(
          (id, i) => () => post(i % 2, client, `/api/appointments/${id}/deduct-membership`, { membership_id: membership.id }),
        );
        requests.splice(round % (holds.length + 1), 0, () => post(round % 2, client, `/api/memberships/${membership.id}/cancel`));
        const statuses = await Promise.all(requests.map((r) => r()));
        expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);

        const [facts] = await loadMembershipFacts(db, { ids: [membership.id] });
        expect(must(facts, 'facts').row.cancelledAt).not.toBeNull();
        const { expiresAtMs } = membershipState(toDomainMembership(must(facts, 'facts')), new Date());
        const holding = await db
          .select()
          .from(appointments)
          .where(and(eq(appointments.membershipId, membership.id), eq(appointments.status, 'confirmed')));
        for (const a of holding) expect(a.startsAt.getTime()).toBeLessThan(must(expiresAtMs, 'expiresAtMs'));
        // Sessions of the paid month were paid with it.
        expect(holding.length).toBeGreaterThan(0);
      }
    });
  },
);

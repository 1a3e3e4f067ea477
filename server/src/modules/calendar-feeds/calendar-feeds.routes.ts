import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/guards.ts';
import { apiRoute } from '../../plugins/route-table.ts';
import { sendWithEtag } from '../public-cache/index.ts';
import type { CalendarFeedsService } from './calendar-feeds.service.ts';

/** `{token}.ics`: the token is base64url. */
const feedParams = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/) });
const feedNotFound = () => new AppError('not_found', 'Calendar feed not found.');

export const calendarFeedsRoutes: FastifyPluginAsyncZod<{ feeds: CalendarFeedsService }> = async (app, { feeds }) => {
  app.route({ ...apiRoute('calendarFeed'), handler: async (req) => ({ data: await feeds.address(currentUser(req)) }) });

  app.route({
    ...apiRoute('newCalendarFeed'),
    handler: async (req, reply) => reply.code(201).send({ data: await feeds.newAddress(currentUser(req)) }),
  });

  // What calendar apps fetch, not the JSON API: hidden from /api/docs. No session: the unguessable
  // token in the address is the permission, and an unknown one is simply not found.
  app.get('/feeds/:file', { schema: { hide: true, params: feedParams }, schemaErrorFormatter: feedNotFound }, async (req, reply) => {
    const file = await feeds.file(req.params.file.slice(0, -'.ics'.length));
    if (file === null) throw feedNotFound();
    return sendWithEtag(req, reply, file, 'text/calendar; charset=utf-8');
  });
};

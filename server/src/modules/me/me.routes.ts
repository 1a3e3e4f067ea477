import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES, PROFILE_COVER_MAX_BYTES } from '@slotted/contract';
import { currentUser } from '../../plugins/guards.ts';
import { apiRoute } from '../../plugins/route-table.ts';
import { readUploadForm } from '../images/index.ts';
import type { meService } from './me.service.ts';

const FILE_FIELDS = { avatar_upload: AVATAR_MAX_BYTES, cover_upload: PROFILE_COVER_MAX_BYTES } as const;

export const meRoutes: FastifyPluginAsyncZod<{ me: ReturnType<typeof meService> }> = async (app, { me }) => {
  app.route({ ...apiRoute('me'), handler: async (req) => ({ data: await me.present(currentUser(req)) }) });

  // The service checks the fields (updateMeFields) and the files by content; the schema documents the form.
  app.route({
    ...apiRoute('updateMe'),
    handler: async (req) => {
      const updated = await me.update(currentUser(req), await readUploadForm(req, FILE_FIELDS));
      return { data: await me.present(updated) };
    },
  });

  app.route({
    ...apiRoute('updatePayments'),
    handler: async (req) => {
      const updated = await me.updatePayments(currentUser(req), req.body);
      return { data: await me.present(updated) };
    },
  });
};

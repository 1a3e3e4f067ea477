import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  AVATAR_MAX_BYTES,
  dataOf,
  meSchema,
  PROFILE_COVER_MAX_BYTES,
  updateMeForm,
  updatePaymentsInput,
} from '@slotted/contract';
import { apiSchema } from '../../lib/api-route.ts';
import { currentUser, requireProvider, requireUser } from '../../plugins/auth.ts';
import { readUploadForm } from '../images/index.ts';
import type { meService } from './me.service.ts';

const FILE_FIELDS = { avatar_upload: AVATAR_MAX_BYTES, cover_upload: PROFILE_COVER_MAX_BYTES } as const;

export const meRoutes: FastifyPluginAsyncZod<{ me: ReturnType<typeof meService> }> = async (app, { me }) => {
  app.get('', { onRequest: requireUser, schema: apiSchema(apiRoutes.me, { response: { 200: dataOf(meSchema) } }) }, async (req) => ({
    data: await me.present(currentUser(req)),
  }));

  // The service checks the fields (updateMeFields) and the files by content; the schema documents the form.
  app.post(
    '',
    { onRequest: requireUser, schema: apiSchema(apiRoutes.updateMe, { multipart: updateMeForm, response: { 200: dataOf(meSchema) } }) },
    async (req) => {
      const updated = await me.update(currentUser(req), await readUploadForm(req, FILE_FIELDS));
      return { data: await me.present(updated) };
    },
  );

  app.post(
    '/payments',
    {
      onRequest: requireProvider,
      schema: apiSchema(apiRoutes.updatePayments, { body: updatePaymentsInput, response: { 200: dataOf(meSchema) } }),
    },
    async (req) => {
      const updated = await me.updatePayments(currentUser(req), req.body);
      return { data: await me.present(updated) };
    },
  );
};

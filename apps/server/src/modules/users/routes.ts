import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams as sharedIdParams, updateProfileSchema } from '@nhasach/shared';
import { authenticate, currentUser } from '../../lib/guards.ts';
import { envelope } from '../../lib/envelope.ts';
import { getUser, updateMyProfile } from './service.ts';

const idParams = sharedIdParams('id');

/** Profile calls of spec section 7 (Users), under /api/v1. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  r.get(
    '/users/me',
    { preHandler: authenticate, schema: { tags: ['users'], summary: 'The logged-in user', security } },
    async (request) => getUser(app.db, currentUser(request), currentUser(request).id),
  );

  r.put(
    '/users/me',
    {
      preHandler: authenticate,
      schema: { tags: ['users'], summary: 'Update my profile (phone "" clears it)', security, body: updateProfileSchema },
    },
    async (request) => envelope(200, await updateMyProfile(app.db, currentUser(request), request.body), 'Lưu thông tin thành công'),
  );

  r.get(
    '/users/:id',
    { preHandler: authenticate, schema: { tags: ['users'], summary: 'A user (self or ADMIN)', security, params: idParams } },
    async (request) => getUser(app.db, currentUser(request), request.params.id),
  );
}

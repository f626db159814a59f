import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminCreateUserSchema, adminUserListQuerySchema, idParams as sharedIdParams, userEnableSchema, userRoleSchema } from '@nhasach/shared';
import { envelope } from '../../../lib/envelope.ts';
import { currentUser, requireRoles } from '../../../lib/guards.ts';
import { USER_MESSAGES, createUser, hardDeleteUser, listUsers, setUserEnabled, setUserRole, softDeleteUser, type UserAdminPorts } from './service.ts';

const idParams = sharedIdParams('id');

/**
 * The users back-office under /api/v1 (spec section 7, Users): ADMIN only, the role checked on request (before
 * the body is read), so a guest gets 401 and a SALE or customer 403 whatever they sent.
 */
export async function userAdminRoutes(app: FastifyInstance, opts: { ports: UserAdminPorts }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = { db: app.db, ports: opts.ports };
  app.addHook('onRequest', requireRoles('ADMIN'));

  const usersTags = { tags: ['admin: users'], security: [{ bearerAuth: [] }] };
  const listUsersRoute = { schema: { ...usersTags, summary: 'Users table: {meta, result}; q on username, e-mail, name', querystring: adminUserListQuerySchema } };
  r.get('/users', listUsersRoute, (req) => listUsers(app.db, req.query));
  r.get('/admin/users', listUsersRoute, (req) => listUsers(app.db, req.query));
  r.delete('/users/:id', { schema: { ...usersTags, summary: 'Soft delete: disable, mark deleted, end sessions', params: idParams } }, async (req) =>
    envelope(200, await softDeleteUser(ctx, currentUser(req), req.params.id), USER_MESSAGES.softDeleted),
  );
  r.delete('/users/:id/hard', { schema: { ...usersTags, summary: 'Hard delete (refused while the user has orders)', params: idParams } }, async (req) =>
    envelope(200, await hardDeleteUser(ctx, currentUser(req), req.params.id), USER_MESSAGES.hardDeleted),
  );
  r.post('/admin/users', { schema: { ...usersTags, summary: 'Create an account (staff)', body: adminCreateUserSchema } }, async (req, reply) => {
    reply.status(201);
    return envelope(201, await createUser(app.db, currentUser(req), req.body), 'Tạo tài khoản thành công');
  });
  r.put('/admin/users/:id/role', { schema: { ...usersTags, summary: 'Change the role: ADMIN, SALE or USER (a shopper; the former name CUSTOMER is read as USER)', params: idParams, body: userRoleSchema } }, async (req) =>
    envelope(200, await setUserRole(ctx, currentUser(req), req.params.id, req.body.role), 'Đã đổi vai trò'),
  );
  r.put('/admin/users/:id/enable', { schema: { ...usersTags, summary: 'Enable (undoes a soft delete) or disable', params: idParams, body: userEnableSchema } }, async (req) =>
    envelope(
      200,
      await setUserEnabled(ctx, currentUser(req), req.params.id, req.body.enabled),
      req.body.enabled ? 'Đã kích hoạt tài khoản' : 'Đã vô hiệu hoá tài khoản',
    ),
  );
}

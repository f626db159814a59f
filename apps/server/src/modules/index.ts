import type { FastifyInstance } from 'fastify';
import { mailPlugin } from './mail/plugin.ts';
import { authRoutes, changePasswordRoutes } from './auth/routes.ts';
import { userRoutes } from './users/routes.ts';
import { catalogPlugin, catalogRoutes } from './catalog/index.ts';
import { engagementRoutes } from './engagement/routes.ts';
import { mediaRoutes } from './media/index.ts';

/** Registers every domain module. Each module adds its own routes under /api. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  // Domain modules are registered here.
  // Mail first: other modules (auth, orders) use app.mailer.
  await app.register(mailPlugin);
  // Media early: app.media (storage, variants) is used by the catalogue admin; GET /media/* serves the files.
  await app.register(mediaRoutes);
  await app.register(authRoutes, { prefix: '/api/v1' });
  // Change password answers on both paths the spec saw: /api/v1/users/... and /users/...
  await app.register(changePasswordRoutes, { prefix: '/api/v1' });
  await app.register(changePasswordRoutes);
  await app.register(userRoutes, { prefix: '/api/v1' });
  await app.register(catalogPlugin);
  await app.register(catalogRoutes, { prefix: '/api/v1' });
  await app.register(engagementRoutes, { prefix: '/api/v1' });
}

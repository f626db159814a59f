import type { FastifyInstance } from 'fastify';
import { seedDemoAccounts } from './accounts.ts';
import { seedDemoCatalog } from './catalog.ts';
import { seedDemoEngagement } from './engagement.ts';
import { seedDemoOrders } from './orders.ts';

/** Fills an empty database with the demo accounts (and, as domains land, the demo catalogue). Idempotent. */
export async function seedDemoData(app: FastifyInstance): Promise<void> {
  await seedDemoAccounts(app.db, app.log);
  await seedDemoCatalog(app);
  // Reviews, comments and favourites need the books: keep this after the catalogue seed.
  await seedDemoEngagement(app.db, app.log);
  // Orders by the demo readers: after the readers and the books; they set the books' stock and 'Đã bán'.
  await seedDemoOrders(app.db, app.log);
}

import type { FastifyInstance } from 'fastify';
import { seedDemoAccounts } from './accounts.ts';

/** Fills an empty database with the demo accounts (and, as domains land, the demo catalogue). Idempotent. */
export async function seedDemoData(app: FastifyInstance): Promise<void> {
  await seedDemoAccounts(app.db, app.log);
}

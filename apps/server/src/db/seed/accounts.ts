import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users } from '../schema/index.ts';
import { hashSecret } from '../../lib/password.ts';

export const DEMO_ACCOUNTS = [
  { username: 'admin', email: 'admin@nhasach.local', password: 'Admin@123', role: 'ADMIN', fullName: 'Quản trị viên' },
  { username: 'sale', email: 'sale@nhasach.local', password: 'Sale@123', role: 'SALE', fullName: 'Nhân viên bán hàng' },
  { username: 'khach', email: 'khach@nhasach.local', password: 'Khach@123', role: 'USER', fullName: 'Nguyễn Văn Khách' },
] as const;

/** Creates the three demo accounts when the users table is empty. */
export async function seedDemoAccounts(db: Db, log: FastifyBaseLogger): Promise<void> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return;
  for (const account of DEMO_ACCOUNTS) {
    await db
      .insert(users)
      .values({
        username: account.username,
        email: account.email,
        passwordHash: await hashSecret(account.password),
        role: account.role,
        fullName: account.fullName,
      })
      .onConflictDoNothing();
  }
  log.info('demo accounts created: admin, sale, khach');
}

import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * NOTIFY channel on which a catalogue change is announced. Every instance listens (catalogPlugin) and drops its
 * cached totals, searches and home data when one arrives; sent inside a transaction it is delivered at commit, so
 * nobody recomputes from data not yet visible, and a rollback announces nothing.
 */
export const CATALOG_CHANNEL = 'nhasach_catalog';

/** Tells every instance (this one included) that books, categories, prices or stock changed. */
export async function announceCatalogChange(db: Db | Tx): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, '')`);
}

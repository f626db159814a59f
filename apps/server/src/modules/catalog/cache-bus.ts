import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * NOTIFY channel on which a catalogue change is announced. Every instance listens (catalogPlugin) and drops its
 * cached totals, searches and home data when one arrives; sent inside a transaction it is delivered at commit, so
 * nobody recomputes from data not yet visible, and a rollback announces nothing.
 */
export const CATALOG_CHANNEL = 'nhasach_catalog';

/** The payload of a change that may have brought new search words (a book's title, authors, publisher...). */
export const WORDS_CHANGED = 'words';

/**
 * Tells every instance (this one included) that books, categories, prices or stock changed; with WORDS_CHANGED,
 * that the search words may have too (every instance then reads its typo dictionary again, not only the writer).
 */
export async function announceCatalogChange(db: Db | Tx, payload: '' | typeof WORDS_CHANGED = ''): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${payload})`);
}

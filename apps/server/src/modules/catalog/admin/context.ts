import type { Db, Tx } from '../../../db/client.ts';
import type { MediaStorage } from '../../media/index.ts';
import type { CatalogService } from '../service.ts';

/** What the catalogue back-office needs of other modules; the composition root (modules/index.ts) hands it in. */
export interface CatalogAdminPorts {
  /** True when an order names the book: such a book is kept (set INACTIVE) instead of deleted. */
  isBookOrdered(tx: Tx, bookId: number): Promise<boolean>;
}

/** What the catalogue back-office services work with. */
export interface AdminContext {
  db: Db;
  storage: MediaStorage;
  /** Reads books as the product page does, and forgets cached lists after a write. */
  catalog: CatalogService;
  ports: CatalogAdminPorts;
}

/** What the composition root gives the back-office routes (the database comes from the app). */
export type CatalogAdminOptions = Omit<AdminContext, 'db'>;

export const BOOK_NOT_FOUND = 'Không tìm thấy sách.';

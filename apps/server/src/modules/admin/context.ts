import type { Db } from '../../db/client.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { MediaStorage } from '../media/index.ts';

/** What the back-office services work with (taken from the app by the routes). */
export interface AdminContext {
  db: Db;
  storage: MediaStorage;
  /** Reads books as the product page does, and forgets cached lists after a write. */
  catalog: CatalogService;
}

export const BOOK_NOT_FOUND = 'Không tìm thấy sách.';

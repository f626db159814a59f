/** The address book for the orders module (the delivery address snapshot) and the routes. */
import type { AddressDto } from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { findOwned } from './repo.ts';
import { toAddressDto } from './service.ts';

export { addressRoutes } from './routes.ts';

/** The caller's address `id`, or undefined when it does not exist or belongs to someone else. */
export async function findOwnedAddress(db: Db | Tx, userId: number, id: number): Promise<AddressDto | undefined> {
  const row = await findOwned(db, userId, id);
  return row ? toAddressDto(row) : undefined;
}

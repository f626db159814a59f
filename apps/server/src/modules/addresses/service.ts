import { addressSchemeOf, formatAddressLine, MAX_ADDRESSES_PER_USER, type AddressDto, type AddressValues } from '@nhasach/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { resolvePlace } from '../geo/index.ts';
import * as repo from './repo.ts';

/**
 * The address book of a user (spec section 7, Addresses). Only the owner sees or changes an address: any other id
 * is 404. Exactly one default whenever the user has addresses: the first becomes default, deleting the default
 * promotes the newest remaining one; a partial unique index backs the rule under concurrency.
 */

export const ADDRESS_NOT_FOUND = 'Không tìm thấy địa chỉ.';

export function toAddressDto(row: repo.AddressRow): AddressDto {
  return {
    id: row.id,
    fullName: row.fullName,
    phone: row.phone,
    line1: row.line1,
    ward: row.ward,
    district: row.district,
    province: row.province,
    wardCode: row.wardCode,
    districtCode: row.districtCode,
    provinceCode: row.provinceCode,
    scheme: row.scheme,
    isDefault: row.isDefault,
    addressLine: formatAddressLine(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function fieldsOf(input: AddressValues): repo.AddressFields {
  const place = resolvePlace({ ...input, scheme: addressSchemeOf(input) });
  return { fullName: input.fullName, phone: input.phone, line1: input.line1, ...place };
}

export async function listAddresses(db: Db, userId: number): Promise<AddressDto[]> {
  return (await repo.listByUser(db, userId)).map(toAddressDto);
}

export async function getAddress(db: Db, userId: number, id: number): Promise<AddressDto> {
  const row = await repo.findOwned(db, userId, id);
  if (!row) throw notFound(ADDRESS_NOT_FOUND);
  return toAddressDto(row);
}

export async function createAddress(db: Db, userId: number, input: AddressValues): Promise<AddressDto> {
  const fields = fieldsOf(input);
  const row = await db.transaction(async (tx) => {
    await repo.lockUserAddresses(tx, userId);
    const { total, hasDefault } = await repo.countByUser(tx, userId);
    if (total >= MAX_ADDRESSES_PER_USER) {
      throw badRequest(`Bạn chỉ có thể lưu tối đa ${MAX_ADDRESSES_PER_USER} địa chỉ.`);
    }
    const makeDefault = input.makeDefault || !hasDefault;
    if (makeDefault) await repo.clearDefault(tx, userId);
    return repo.insert(tx, userId, fields, makeDefault);
  });
  return toAddressDto(row);
}

/** makeDefault true makes it the default; false never removes the default (there must be one). */
export async function updateAddress(db: Db, userId: number, id: number, input: AddressValues): Promise<AddressDto> {
  const fields = fieldsOf(input);
  const row = await db.transaction(async (tx) => {
    await repo.lockUserAddresses(tx, userId);
    const current = await repo.findOwned(tx, userId, id);
    if (!current) throw notFound(ADDRESS_NOT_FOUND);
    if (input.makeDefault && !current.isDefault) await repo.clearDefault(tx, userId, id);
    return repo.update(tx, id, { ...fields, ...(input.makeDefault ? { isDefault: true } : {}) });
  });
  return toAddressDto(row);
}

export async function setDefaultAddress(db: Db, userId: number, id: number): Promise<AddressDto> {
  const row = await db.transaction(async (tx) => {
    await repo.lockUserAddresses(tx, userId);
    const current = await repo.findOwned(tx, userId, id);
    if (!current) throw notFound(ADDRESS_NOT_FOUND);
    if (current.isDefault) return current;
    await repo.clearDefault(tx, userId, id);
    return repo.update(tx, id, { isDefault: true });
  });
  return toAddressDto(row);
}

export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.lockUserAddresses(tx, userId);
    const removed = await repo.remove(tx, userId, id);
    if (!removed) throw notFound(ADDRESS_NOT_FOUND);
    if (removed.isDefault) await repo.promoteNewest(tx, userId);
  });
}

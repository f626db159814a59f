import {
  describeVoucher,
  VOUCHER_MESSAGES,
  VOUCHER_STATUS_LABELS,
  voucherStatus,
  type AdminVoucherDto,
  type AdminVoucherListQuery,
  type AdminVoucherPage,
  type VoucherValues,
} from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/guards.ts';
import { toPage } from '../../lib/pagination.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { categoryNames, existingCategoryIds } from '../catalog/index.ts';
import * as repo from './repo.ts';

/** The back-office of vouchers (ADMIN): list, read, create, edit, switch on and off. Every write is audited. */

async function toDto(db: Db | Tx, row: repo.VoucherRow, names?: Map<number, string>, now = new Date()): Promise<AdminVoucherDto> {
  const catNames = names ?? (await categoryNames(db, row.categoryIds));
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    value: row.value,
    maxDiscount: row.maxDiscount,
    minSubtotal: row.minSubtotal,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    totalUses: row.totalUses,
    perCustomerLimit: row.perCustomerLimit,
    usedCount: row.usedCount,
    active: row.active,
    status: voucherStatus(row, now),
    description: describeVoucher(row),
    categories: row.categoryIds.filter((id) => catNames.has(id)).map((id) => ({ id, name: catNames.get(id)! })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listVouchers(db: Db, q: AdminVoucherListQuery): Promise<AdminVoucherPage> {
  const now = new Date();
  const { rows, total } = await repo.page(db, q, now);
  const names = await categoryNames(db, [...new Set(rows.flatMap((r) => r.categoryIds))]);
  const content = await Promise.all(rows.map((r) => toDto(db, r, names, now)));
  return toPage(content, total, q.page, q.size);
}

export async function getVoucher(db: Db, id: number): Promise<AdminVoucherDto> {
  const row = await repo.findById(db, id);
  if (!row) throw notFound(VOUCHER_MESSAGES.notFound);
  return toDto(db, row);
}

const codeTaken = () => new AppError(409, 'CONFLICT', VOUCHER_MESSAGES.codeTaken, [{ field: 'code', message: VOUCHER_MESSAGES.codeTaken }]);

async function checkCategories(db: Db | Tx, ids: readonly number[]): Promise<void> {
  const found = await existingCategoryIds(db, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    const message = `Danh mục không tồn tại: ${missing.join(', ')}.`;
    throw badRequest(message, [{ field: 'categoryIds', message }]);
  }
}

const columns = (v: VoucherValues) => ({
  code: v.code,
  name: v.name,
  kind: v.kind,
  value: v.value,
  maxDiscount: v.kind === 'PERCENT' ? v.maxDiscount : null,
  minSubtotal: v.minSubtotal,
  startsAt: v.startsAt,
  endsAt: v.endsAt,
  totalUses: v.totalUses,
  perCustomerLimit: v.perCustomerLimit,
  categoryIds: v.categoryIds,
  active: v.active,
});

export async function createVoucher(db: Db, user: AuthUser, v: VoucherValues): Promise<AdminVoucherDto> {
  await checkCategories(db, v.categoryIds);
  if (await repo.findByCode(db, v.code)) throw codeTaken();
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.insert(tx, { ...columns(v), createdBy: user.id });
      await recordAudit(tx, {
        ...auditActor(user),
        action: 'VOUCHER_CREATE',
        entityType: 'VOUCHER',
        entityId: row.id,
        summary: `Tạo mã giảm giá ${row.code}: ${describeVoucher(row)}`,
      });
      return toDto(tx, row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
}

/** Replaces every field. Total uses may not go below the uses already counted. */
export async function updateVoucher(db: Db, user: AuthUser, id: number, v: VoucherValues): Promise<AdminVoucherDto> {
  await checkCategories(db, v.categoryIds);
  const other = await repo.findByCode(db, v.code);
  if (other && other.id !== id) throw codeTaken();
  try {
    return await db.transaction(async (tx) => {
      const current = await repo.lockById(tx, id);
      if (!current) throw notFound(VOUCHER_MESSAGES.notFound);
      if (v.totalUses !== null && v.totalUses < current.usedCount) {
        const message = `Tổng lượt dùng không được nhỏ hơn số lượt đã dùng (${current.usedCount}).`;
        throw badRequest(message, [{ field: 'totalUses', message }]);
      }
      const row = (await repo.update(tx, id, columns(v)))!;
      await recordAudit(tx, {
        ...auditActor(user),
        action: 'VOUCHER_UPDATE',
        entityType: 'VOUCHER',
        entityId: id,
        summary: `Sửa mã giảm giá ${row.code}: ${describeVoucher(row)}`,
      });
      return toDto(tx, row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
}

export async function setVoucherActive(db: Db, user: AuthUser, id: number, active: boolean): Promise<AdminVoucherDto> {
  return db.transaction(async (tx) => {
    const row = await repo.update(tx, id, { active });
    if (!row) throw notFound(VOUCHER_MESSAGES.notFound);
    await recordAudit(tx, {
      ...auditActor(user),
      action: active ? 'VOUCHER_ACTIVATE' : 'VOUCHER_DEACTIVATE',
      entityType: 'VOUCHER',
      entityId: id,
      summary: `${active ? 'Bật' : 'Tắt'} mã giảm giá ${row.code} (${VOUCHER_STATUS_LABELS[voucherStatus(row)]})`,
    });
    return toDto(tx, row);
  });
}

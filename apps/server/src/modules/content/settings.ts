import { sql } from 'drizzle-orm';
import { SHOP_SETTING_FIELDS, type ShopSettingKey, type ShopSettingsDto, type ShopSettingsInput } from '@nhasach/shared';
import type { Db } from '../../db/client.ts';
import { shopSettings } from '../../db/schema/content.ts';
import type { AuthUser } from '../../lib/guards.ts';
import { auditActor, recordAudit } from '../audit/index.ts';

/**
 * Shop settings (footer business details, the Ministry of Industry and Trade badge): key -> text, each empty until
 * an admin sets it; the storefront hides what is empty.
 */

const KEYS = Object.keys(SHOP_SETTING_FIELDS) as ShopSettingKey[];

export async function getShopSettings(db: Db): Promise<ShopSettingsDto> {
  const rows = await db.select({ key: shopSettings.key, value: shopSettings.value }).from(shopSettings);
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(KEYS.map((k) => [k, byKey.get(k) ?? ''])) as ShopSettingsDto;
}

/** Saves the fields given (an empty text clears one) and logs it in the audit log, in one transaction. */
export async function updateShopSettings(db: Db, user: AuthUser, input: ShopSettingsInput): Promise<ShopSettingsDto> {
  const changed = KEYS.filter((k) => input[k] !== undefined);
  await db.transaction(async (tx) => {
    for (const key of changed) {
      const value = input[key]!.trim();
      await tx
        .insert(shopSettings)
        .values({ key, value, updatedBy: user.username })
        .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: sql`now()`, updatedBy: user.username } });
    }
    if (changed.length) {
      await recordAudit(tx, {
        ...auditActor(user),
        action: 'SHOP_SETTINGS_UPDATE',
        entityType: 'SHOP_SETTINGS',
        entityId: 'footer',
        summary: `Sửa thông tin doanh nghiệp: ${changed.map((k) => SHOP_SETTING_FIELDS[k]).join(', ')}`,
      });
    }
  });
  return getShopSettings(db);
}

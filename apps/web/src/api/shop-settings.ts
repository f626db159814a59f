import type { ShopSettingsDto, ShopSettingsInput } from '@nhasach/shared';
import { api } from './client.ts';

/**
 * GET /api/v1/shop-settings: the footer's business details and Bộ Công Thương badge (empty: hidden). Kept with the
 * footer's block (app/layout/BusinessDetails.tsx), which every page loads; the back-office reads them from there.
 */
export { fetchShopSettings, shopSettingsKey } from '../app/layout/BusinessDetails.tsx';
export const saveShopSettings = (body: ShopSettingsInput) => api.put<ShopSettingsDto>('/api/v1/admin/shop-settings', body);

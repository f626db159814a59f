import type { ShopSettingsDto, ShopSettingsInput } from '@nhasach/shared';
import { api } from './client.ts';

/** GET /api/v1/shop-settings: the footer's business details and Bộ Công Thương badge (empty: hidden). Its own file: the footer of every page reads it. */
export const shopSettingsKey = ['content', 'shop-settings'] as const;
export const fetchShopSettings = (signal?: AbortSignal) => api.get<ShopSettingsDto>('/api/v1/shop-settings', undefined, { signal });
export const saveShopSettings = (body: ShopSettingsInput) => api.put<ShopSettingsDto>('/api/v1/admin/shop-settings', body);

import { useQuery } from '@tanstack/react-query';
import type { ShopSettingsDto } from '@nhasach/shared';
import { api } from '../../api/client.ts';

export const shopSettingsKey = ['content', 'shop-settings'] as const;
export const fetchShopSettings = (signal?: AbortSignal) => api.get<ShopSettingsDto>('/api/v1/shop-settings', undefined, { signal });

/** The footer's business block shows when any of its details is set; the badge only with both its link and image. */
const hasBusinessDetails = (s: Partial<ShopSettingsDto>): boolean => Boolean(s.businessName || s.businessRegistration || s.businessAddress);
const hasMoitBadge = (s: Partial<ShopSettingsDto>): boolean => Boolean(s.moitUrl && s.moitImageUrl);

/**
 * The footer's legal lines: the business registration details and the Ministry of Industry and Trade notification
 * badge, as the admin set them (content back-office); a part that is empty is not shown at all.
 */
export function BusinessDetails() {
  const { data } = useQuery({ queryKey: shopSettingsKey, queryFn: ({ signal }) => fetchShopSettings(signal), staleTime: 5 * 60_000 });
  if (!data || (!hasBusinessDetails(data) && !hasMoitBadge(data))) return null;
  return (
    <div className="page-container flex flex-wrap items-center justify-between gap-4 border-b border-gray-100 py-4 text-xs leading-relaxed text-gray-500" data-testid="business-details">
      {hasBusinessDetails(data) && (
        <div className="min-w-0 space-y-0.5">
          {data.businessName && <p className="font-semibold text-gray-700">{data.businessName}</p>}
          {data.businessRegistration && <p>{data.businessRegistration}</p>}
          {data.businessAddress && <p>Địa chỉ: {data.businessAddress}</p>}
        </div>
      )}
      {hasMoitBadge(data) && (
        <a href={data.moitUrl} target="_blank" rel="noopener noreferrer" className="shrink-0" aria-label="Đã thông báo Bộ Công Thương">
          <img src={data.moitImageUrl} alt="Đã thông báo Bộ Công Thương" width={130} height={49} loading="lazy" className="h-[49px] w-auto" />
        </a>
      )}
    </div>
  );
}

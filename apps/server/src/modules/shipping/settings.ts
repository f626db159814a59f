import { createHmac } from 'node:crypto';
import { CARRIER_SANDBOX_PATH, SHIPPING_CARRIER_NAMES, type ShippingCarrier } from '@nhasach/shared';
import type { Config } from '../../config.ts';
import { listProvinces2025, listWards2025 } from '../geo/index.ts';
import type { Place } from './provider.ts';

/** Where the built-in sandbox carrier lives (outside /api: it plays the carrier, not our API). */
export const CARRIER_SANDBOX_BASE = CARRIER_SANDBOX_PATH;
/** The sandbox carrier's shop id (not a secret). */
export const SANDBOX_SHOP_ID = '885001';
/** Real GHN's production API. */
export const GHN_DEFAULT_URL = 'https://online-gateway.ghn.vn';

export interface ShippingSettings {
  carrier: ShippingCarrier;
  name: string;
  /** This server plays the carrier itself (SHIPPING_CARRIER=sandbox): /sandbox/carrier is served. */
  sandbox: boolean;
  /** The webhook signatures' key (absent with the flat tariff, which takes no webhook). */
  secret: string;
  /** The carrier API's token and shop id (GHN's Token and ShopId headers). */
  token: string;
  shopId: string;
  /** GHN's API address; the sandbox's is this server's own origin + CARRIER_SANDBOX_BASE. */
  apiUrl: string | null;
  /** The shop's warehouse: the sender of every parcel. */
  origin: Place & { name: string; phone: string };
}

/** The sandbox's API token: derived from the installation's secret, so both sides know it and nobody else does. */
export const sandboxToken = (secret: string): string => createHmac('sha256', secret).update('carrier-sandbox-token').digest('hex').slice(0, 36);

export function shippingSettings(config: Config): ShippingSettings {
  // The place names come from the 2025 units (4 MB of JSON): read when first asked, not at every start.
  let origin: ShippingSettings['origin'] | undefined;
  const originOf = () => {
    if (origin) return origin;
    const provinceCode = config.SHIPPING_FROM_PROVINCE_CODE;
    const province = listProvinces2025().find((p) => p.code === provinceCode);
    const ward = province ? listWards2025(provinceCode).find((w) => w.code === config.SHIPPING_FROM_WARD_CODE) : undefined;
    origin = {
      name: config.SHIPPING_FROM_NAME,
      phone: config.SHIPPING_FROM_PHONE,
      line1: config.SHIPPING_FROM_ADDRESS,
      provinceCode,
      province: province?.name ?? '',
      districtCode: null,
      district: '',
      wardCode: ward?.code ?? null,
      ward: ward?.name ?? '',
    };
    return origin;
  };
  const carrier = config.SHIPPING_CARRIER;
  const secret = config.SHIPPING_SIGNING_SECRET ?? '';
  const settings = (rest: Pick<ShippingSettings, 'sandbox' | 'token' | 'shopId' | 'apiUrl'>): ShippingSettings => ({
    carrier,
    name: SHIPPING_CARRIER_NAMES[carrier],
    secret,
    ...rest,
    get origin() {
      return originOf();
    },
  });
  if (carrier === 'sandbox') return settings({ sandbox: true, token: sandboxToken(secret), shopId: SANDBOX_SHOP_ID, apiUrl: null });
  if (carrier === 'ghn') {
    return settings({ sandbox: false, token: config.GHN_TOKEN ?? '', shopId: config.GHN_SHOP_ID ?? '', apiUrl: (config.GHN_API_URL ?? GHN_DEFAULT_URL).replace(/\/+$/, '') });
  }
  return settings({ sandbox: false, token: '', shopId: '', apiUrl: null });
}

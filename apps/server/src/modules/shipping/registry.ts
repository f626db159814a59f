import type { Config } from '../../config.ts';
import { flatProvider } from './flat.ts';
import { ghnProvider } from './ghn/provider.ts';
import type { ShippingProvider } from './provider.ts';
import { CARRIER_SANDBOX_BASE, shippingSettings } from './settings.ts';

/**
 * The shop's carrier from SHIPPING_CARRIER, built once: `sandbox` is the GHN provider pointed at the built-in carrier
 * (this server's own address, reached over HTTP as the real one would be), `ghn` the real GHN, `flat` the flat tariff.
 */
export function createShippingProvider(config: Config, ownOrigin: () => string): ShippingProvider {
  const s = shippingSettings(config);
  if (s.carrier === 'flat') return flatProvider;
  const apiUrl = s.apiUrl;
  return ghnProvider({
    code: s.carrier,
    name: s.name,
    baseUrl: apiUrl ? () => apiUrl : () => `${ownOrigin()}${CARRIER_SANDBOX_BASE}`,
    token: s.token,
    shopId: s.shopId,
    secret: s.secret,
  });
}

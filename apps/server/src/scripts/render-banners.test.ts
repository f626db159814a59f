import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BANNER_DESIGN, BANNER_WIDTHS, HOME_BANNERS, bannerSrc, bannerSrcSet } from '@nhasach/shared';

const web = fileURLToPath(new URL('../../../web/', import.meta.url));

// The carousel names pictures that `npm run banners` draws and the repository ships: a banner added to the list
// (or a width added) without drawing its pictures would show a broken image on the home page.
describe('home banners', () => {
  it.each(HOME_BANNERS.map((b) => b.name))('%s has its design and a WebP picture of every width', async (name) => {
    expect(existsSync(path.join(web, 'banners', `${name}.svg`))).toBe(true);
    for (const width of BANNER_WIDTHS) {
      const meta = await sharp(path.join(web, 'public', 'banners', `${name}-${width}.webp`)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.height).toBe((width * BANNER_DESIGN.height) / BANNER_DESIGN.width);
    }
  });

  it('names the pictures by width in srcset, with the design size as the plain src, all of them shipped', () => {
    expect(bannerSrc('flash-sale')).toBe('/banners/flash-sale-1200.webp');
    expect(bannerSrcSet('flash-sale')).toBe(
      '/banners/flash-sale-600.webp 600w, /banners/flash-sale-900.webp 900w, /banners/flash-sale-1200.webp 1200w, /banners/flash-sale-1800.webp 1800w',
    );
    for (const { name } of HOME_BANNERS) {
      const urls = [bannerSrc(name), ...bannerSrcSet(name).split(', ').map((entry) => entry.split(' ')[0]!)];
      for (const url of urls) expect(existsSync(path.join(web, 'public', url))).toBe(true);
    }
  });
});

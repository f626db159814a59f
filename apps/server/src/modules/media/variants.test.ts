import { describe, expect, it } from 'vitest';
import sharp, { type OutputInfo } from 'sharp';
import { IMAGE_VARIANTS, IMAGE_VARIANT_WIDTHS, imageVariantHeight } from '@nhasach/shared';
import { AppError } from '../../lib/errors.ts';
import { COVER_THEMES, coverSvg, fitText, textWidth } from './cover.ts';
import { themeForCategories } from './book-covers.ts';
import { makeImageVariants, renderCoverVariant, renderCoverVariants } from './variants.ts';

const red = { r: 200, g: 20, b: 20 };

async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

describe('makeImageVariants', () => {
  it('makes four WebP images of exactly 120, 300, 600 and 900 px wide, portrait 2:3', async () => {
    const input = await sharp({ create: { width: 1000, height: 1500, channels: 3, background: red } }).jpeg().toBuffer();
    const variants = await makeImageVariants(input);
    expect(Object.keys(variants).sort()).toEqual([...IMAGE_VARIANTS].sort());
    for (const variant of IMAGE_VARIANTS) {
      const meta = await sharp(variants[variant]).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(IMAGE_VARIANT_WIDTHS[variant]);
      expect(meta.height).toBe(imageVariantHeight(variant));
    }
    expect(imageVariantHeight('xlarge')).toBe(1350);
  });

  it('keeps the whole picture: a landscape photo is letterboxed on white, not cropped', async () => {
    const input = await sharp({ create: { width: 800, height: 400, channels: 3, background: red } }).png().toBuffer();
    const { medium } = await makeImageVariants(input);
    const [top, centre] = await Promise.all([pixel(medium, 150, 5), pixel(medium, 150, 225)]);
    expect(top.every((c) => c > 240)).toBe(true);
    expect(centre[0]).toBeGreaterThan(150);
    expect(centre[1]).toBeLessThan(80);
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    // Stored 300 x 100 (landscape) with orientation 6 (rotate 90°): it is a tall picture, so it fills the height.
    const input = await sharp({ create: { width: 300, height: 100, channels: 3, background: red } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { large } = await makeImageVariants(input);
    // Upright it is 100 x 300 (1:3), narrower than 2:3: white bars left and right, red at the top centre.
    expect((await pixel(large, 5, 450)).every((c) => c > 240)).toBe(true);
    expect((await pixel(large, 300, 20))[0]).toBeGreaterThan(150);
  });

  it('refuses what is not an image, and SVG uploads, with a 400', async () => {
    const notImage = makeImageVariants(Buffer.from('hello, this is not an image'));
    await expect(notImage).rejects.toBeInstanceOf(AppError);
    await expect(notImage).rejects.toMatchObject({ statusCode: 400 });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await expect(makeImageVariants(svg)).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('designed covers', () => {
  const spec = { title: 'Những Ngày Thơ Ấu', authors: ['Nguyên Hồng'], theme: 'literature' as const, label: 'Hồi ký - Tự truyện' };

  it('renders every variant at its size as WebP', async () => {
    const variants = await renderCoverVariants(spec);
    for (const variant of IMAGE_VARIANTS) {
      const meta = await sharp(variants[variant]).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([IMAGE_VARIANT_WIDTHS[variant], imageVariantHeight(variant)]);
    }
  });

  it('draws the same cover for the same book, a different one for another', async () => {
    expect(coverSvg(spec)).toBe(coverSvg({ ...spec }));
    expect(coverSvg(spec)).not.toBe(coverSvg({ ...spec, title: 'Bỉ Vỏ' }));
  });

  it('puts the title, authors and mark in the SVG, XML-escaped and NFC-normalised', () => {
    const decomposed = 'Tắt Đèn'.normalize('NFD');
    const svg = coverSvg({ title: `${decomposed} & <Bão>`, authors: ['Ngô Tất Tố'], theme: 'history' });
    expect(svg).toContain('Tắt Đèn &amp;');
    expect(svg).toContain('&lt;Bão&gt;');
    expect(svg).not.toContain('<Bão>');
    expect(svg).toContain('NHÀ SÁCH');
    expect(svg).toMatch(/Ngô Tất Tố|NGÔ TẤT TỐ/);
  });

  it('draws text with the shipped fonts, Vietnamese marks included', async () => {
    await renderCoverVariant(spec, 'thumb'); // points fontconfig at the shipped fonts first
    const draw = (text: string, family: string) =>
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="160"><rect width="200" height="160" fill="#fff"/><text x="20" y="130" font-family="${family}" font-size="80" fill="#000">${text}</text></svg>`,
        ),
      )
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
    /** First row (from the top) with any dark pixel. */
    const topInk = ({ data, info }: { data: Buffer; info: OutputInfo }) => {
      for (let y = 0; y < info.height; y++) for (let x = 0; x < info.width; x++) if (data[y * info.width + x]! < 100) return y;
      return info.height;
    };
    const [shipped, system] = await Promise.all([draw('Ế', 'Playfair Display'), draw('Ế', 'DejaVu Serif')]);
    // Not silently replaced by another face.
    expect(shipped.data.equals(system.data)).toBe(false);
    // The marks sit well above the capital: the glyph with marks starts higher than the bare letter.
    const bare = await draw('E', 'Playfair Display');
    expect(topInk(bare) - topInk(shipped)).toBeGreaterThan(10);
  });

  it('fits titles: balanced lines within the width, long titles shrink', () => {
    const short = fitText('Rừng Na Uy', { maxWidth: 460, maxLines: 4, maxSize: 72, minSize: 34 });
    expect(short.lines).toEqual(['Rừng Na Uy']);
    expect(short.fontSize).toBe(72);
    const long = fitText('Percy Jackson Và Các Vị Thần Trên Đỉnh Olympus - Kẻ Cắp Tia Chớp', {
      maxWidth: 460,
      maxLines: 4,
      maxSize: 72,
      minSize: 30,
    });
    expect(long.lines.length).toBeLessThanOrEqual(4);
    expect(long.fontSize).toBeLessThan(72);
    for (const line of long.lines) expect(textWidth(line, long.fontSize)).toBeLessThanOrEqual(460);
    // A lone dash never starts a line.
    expect(long.lines.some((l) => l.startsWith('–') || l.startsWith('-'))).toBe(false);
  });

  it('maps category slugs to a theme, leaf first, literature by default', () => {
    expect(themeForCategories(['manga', 'manga-comic'])).toBe('comics');
    expect(themeForCategories(['tho', 'van-hoc'])).toBe('poetry');
    expect(themeForCategories(['van-hoc-nuoc-ngoai', 'van-hoc'])).toBe('foreign');
    expect(themeForCategories(['tieu-thuyet', 'van-hoc'])).toBe('literature');
    expect(themeForCategories(['khong-ro', 'thieu-nhi'])).toBe('children');
    expect(themeForCategories([null, undefined])).toBe('literature');
    expect(COVER_THEMES).toContain(themeForCategories(['sach-giao-khoa']));
  });
});

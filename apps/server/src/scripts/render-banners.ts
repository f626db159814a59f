// npm run banners: draws the home page's banners (apps/web/banners/*.svg, BANNER_DESIGN in size) into the WebP files the
// storefront serves (apps/web/public/banners/NAME-WIDTH.webp), one per width of BANNER_WIDTHS. Run it after
// changing a banner's SVG and commit the pictures. The text is drawn here with the bundled Be Vietnam Pro (the
// covers' fonts), so a phone gets a picture to decode off its main thread instead of an SVG document to parse,
// lay out (with whatever fonts the phone has) and paint on it. The share pictures (apps/web/og/*.svg, 1200×630, what
// og:image points to) are drawn the same way into apps/web/public/og/NAME.png: link previews want PNG or JPEG.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { BANNER_DESIGN, BANNER_WIDTHS } from '@nhasach/shared';
import { configureCoverFonts } from '../modules/media/fonts.ts';

const web = fileURLToPath(new URL('../../../web/', import.meta.url));
const sources = path.join(web, 'banners');
const target = path.join(web, 'public', 'banners');

configureCoverFonts();
for (const file of (await readdir(sources)).filter((f) => f.endsWith('.svg')).sort()) {
  const svg = await readFile(path.join(sources, file));
  const name = file.replace(/\.svg$/, '');
  for (const width of BANNER_WIDTHS) {
    // Drawn at the SVG's own density scaled to the width, so text and edges are sharp at every size.
    const picture = await sharp(svg, { density: (72 * width) / BANNER_DESIGN.width })
      .resize({ width })
      .webp({ quality: 82, effort: 6 })
      .toBuffer();
    await writeFile(path.join(target, `${name}-${width}.webp`), picture);
    console.log(`${name}-${width}.webp  ${(picture.length / 1024).toFixed(1)} KB`);
  }
}

const ogSources = path.join(web, 'og');
const ogTarget = path.join(web, 'public', 'og');
for (const file of (await readdir(ogSources)).filter((f) => f.endsWith('.svg')).sort()) {
  const picture = await sharp(await readFile(path.join(ogSources, file)))
    .resize({ width: 1200, height: 630 })
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
  await writeFile(path.join(ogTarget, file.replace(/\.svg$/, '.png')), picture);
  console.log(`og/${file.replace(/\.svg$/, '.png')}  ${(picture.length / 1024).toFixed(1)} KB`);
}

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Cover text is drawn by librsvg inside sharp, which finds fonts through fontconfig. The machine's fonts
 * differ (a bare Debian has only DejaVu), so the covers use fonts shipped as npm packages (TTF files, SIL OFL)
 * with full Vietnamese coverage: Playfair Display and Lora (serif titles) and Be Vietnam Pro (sans). A
 * fontconfig file naming their folders, plus the system configuration as a fallback, is pointed at by
 * FONTCONFIG_FILE before the first text is rendered in this process.
 */
export const COVER_FONTS = {
  display: 'Playfair Display',
  serif: 'Lora',
  sans: 'Be Vietnam Pro',
} as const;

const FONT_PACKAGES = ['@expo-google-fonts/playfair-display', '@expo-google-fonts/lora', '@expo-google-fonts/be-vietnam-pro'];

/**
 * The fontconfig file in use, set once per process on first use. FONTCONFIG_FILE belongs to the process, and the
 * file depends only on the font packages installed, so two apps in one process could not want different ones.
 */
let fontConfigFile: string | undefined;

function packageDir(name: string): string | null {
  const require = createRequire(import.meta.url);
  try {
    return path.dirname(require.resolve(`${name}/package.json`));
  } catch {
    return null;
  }
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Idempotent; returns the fontconfig file in use. Must run before sharp renders any SVG text. */
export function configureCoverFonts(): string {
  if (fontConfigFile) return fontConfigFile;
  const dirs = FONT_PACKAGES.map(packageDir).filter((d): d is string => d !== null);
  const key = createHash('sha256').update(dirs.join('\n')).digest('hex').slice(0, 12);
  const base = path.join(tmpdir(), `nhasach-fontconfig-${key}`);
  const file = path.join(base, 'fonts.conf');
  if (!existsSync(file)) {
    mkdirSync(base, { recursive: true });
    const conf = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
      '<fontconfig>',
      ...dirs.map((d) => `  <dir>${xmlEscape(d)}</dir>`),
      // The system fonts stay available as fallbacks for any glyph the shipped fonts lack.
      '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
      `  <cachedir>${xmlEscape(path.join(base, 'cache'))}</cachedir>`,
      '</fontconfig>',
      '',
    ].join('\n');
    // Written aside then renamed: another process (a parallel test file) may read it at the same moment.
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, conf);
    renameSync(temp, file);
  }
  process.env.FONTCONFIG_FILE = file;
  fontConfigFile = file;
  return file;
}

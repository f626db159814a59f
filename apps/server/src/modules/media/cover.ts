import { COVER_FONTS } from './fonts.ts';

/**
 * Designed book covers drawn as SVG (600 x 900, portrait 2:3): a background from the theme's palettes,
 * decorative shapes, the title set in a display face and wrapped into balanced lines, the authors, and a
 * small 'Nhà Sách' mark. Everything is chosen from a hash of the title, so a book always gets the same cover.
 */

export const COVER_THEMES = [
  'literature',
  'poetry',
  'foreign',
  'business',
  'selfhelp',
  'psychology',
  'children',
  'comics',
  'science',
  'history',
  'language',
  'cooking',
  'textbook',
  'art',
] as const;
export type CoverTheme = (typeof COVER_THEMES)[number];

export interface CoverSpec {
  title: string;
  authors: readonly string[];
  theme: CoverTheme;
  /** Small line at the top, e.g. the category ('TIỂU THUYẾT'). */
  label?: string;
}

export const COVER_WIDTH = 600;
export const COVER_HEIGHT = 900;

interface Palette {
  /** Background gradient, top then bottom. */
  bg: [string, string];
  accent: string;
  accent2: string;
  /** Title colour on the background. */
  ink: string;
  /** Author and label colour on the background. */
  soft: string;
}

type Template = 'classic' | 'band' | 'geometric' | 'kids' | 'comics';

const P = (bg0: string, bg1: string, accent: string, accent2: string, ink: string, soft: string): Palette => ({
  bg: [bg0, bg1],
  accent,
  accent2,
  ink,
  soft,
});

const THEMES: Record<CoverTheme, { palettes: Palette[]; templates: Template[] }> = {
  literature: {
    palettes: [
      P('#7f1d1d', '#3f0a0a', '#f2c14e', '#e76f51', '#fdf3dc', '#f6dcae'),
      P('#1e3a5f', '#0b1a2e', '#e9b44c', '#9bc1bc', '#f8f4e3', '#d9e3ea'),
      P('#1f4d3a', '#0b2419', '#e7c873', '#a3c9a8', '#f4f1de', '#d8e6d0'),
      P('#4a2c5e', '#21122e', '#f0b67f', '#d6a2e8', '#fbf5ff', '#e8d9f0'),
      P('#6b3a1e', '#2e170a', '#f4d58d', '#c08552', '#fff8e7', '#f0dcc0'),
    ],
    templates: ['classic', 'band', 'classic', 'geometric'],
  },
  poetry: {
    palettes: [
      P('#f3e9dc', '#e6d3bd', '#a44a3f', '#5e6472', '#3d2c2e', '#6d5a50'),
      P('#243b55', '#141e30', '#f7c873', '#b8c5d6', '#fdfaf2', '#d3dbe6'),
      P('#5c3d46', '#2b1b20', '#f0c987', '#d98e73', '#fff6ea', '#ecd6cc'),
    ],
    templates: ['classic', 'band'],
  },
  foreign: {
    palettes: [
      P('#0f4c5c', '#062a33', '#e36414', '#fb8b24', '#fdf0d5', '#cfe3e6'),
      P('#2d3047', '#16172a', '#e0a458', '#93b7be', '#fffdf7', '#d7dbe8'),
      P('#9a031e', '#4a0010', '#fcbf49', '#f7ede2', '#fff8f0', '#f3d9d0'),
      P('#335c67', '#1a3036', '#e09f3e', '#9e2a2b', '#fff3b0', '#d9e6e8'),
      P('#283618', '#141b0c', '#dda15e', '#bc6c25', '#fefae0', '#e2e6cf'),
    ],
    templates: ['band', 'classic', 'geometric'],
  },
  business: {
    palettes: [
      P('#0b3d91', '#06214f', '#ffb703', '#8ecae6', '#ffffff', '#d6e4ff'),
      P('#102a43', '#061523', '#2ec4b6', '#ff9f1c', '#ffffff', '#c9d6e3'),
      P('#1b4332', '#0b2117', '#f4a261', '#95d5b2', '#ffffff', '#d1e7dc'),
      P('#3c096c', '#1d0336', '#ff9e00', '#c77dff', '#ffffff', '#e4d4f4'),
    ],
    templates: ['geometric', 'band', 'geometric'],
  },
  selfhelp: {
    palettes: [
      P('#ffb703', '#fb8500', '#023047', '#ffffff', '#1d1d1d', '#3a2a12'),
      P('#f94144', '#c9184a', '#ffd166', '#ffffff', '#ffffff', '#ffe3e3'),
      P('#06d6a0', '#05a57a', '#073b4c', '#ffd166', '#073b4c', '#0b4f40'),
      P('#ffd6a5', '#ffadad', '#9d0208', '#6a040f', '#370617', '#5a1f1f'),
      P('#48cae4', '#0096c7', '#fff3b0', '#03045e', '#ffffff', '#e0f7ff'),
    ],
    templates: ['geometric', 'band', 'classic'],
  },
  psychology: {
    palettes: [
      P('#e0e1dd', '#c7c9c3', '#415a77', '#e07a5f', '#1b263b', '#415a77'),
      P('#5e548e', '#231942', '#e0b1cb', '#9f86c0', '#ffffff', '#e6dcf5'),
      P('#006d77', '#00383d', '#ffddd2', '#e29578', '#ffffff', '#cde8ea'),
    ],
    templates: ['geometric', 'band'],
  },
  children: {
    palettes: [
      P('#8ecae6', '#4cc9f0', '#ffb703', '#fb8500', '#023047', '#023047'),
      P('#ffd166', '#ffb703', '#ef476f', '#118ab2', '#3d1f00', '#3d1f00'),
      P('#b8f2e6', '#7bdff2', '#f15bb5', '#fee440', '#14213d', '#14213d'),
      P('#ffafcc', '#ff8fab', '#a2d2ff', '#ffd60a', '#3a0ca3', '#3a0ca3'),
      P('#caffbf', '#9bf6ff', '#ff595e', '#ffca3a', '#1d3557', '#1d3557'),
    ],
    templates: ['kids'],
  },
  comics: {
    palettes: [
      P('#ffe066', '#ffd000', '#e63946', '#1d3557', '#ffffff', '#111111'),
      P('#48cae4', '#00b4d8', '#ff006e', '#fb5607', '#ffffff', '#111111'),
      P('#ff8fa3', '#ff4d6d', '#ffd60a', '#3a0ca3', '#ffffff', '#111111'),
      P('#f1faee', '#dfe9e3', '#e63946', '#1d3557', '#ffffff', '#111111'),
    ],
    templates: ['comics'],
  },
  science: {
    palettes: [
      P('#03045e', '#000814', '#00b4d8', '#90e0ef', '#ffffff', '#caf0f8'),
      P('#10002b', '#030008', '#e0aaff', '#7b2cbf', '#ffffff', '#e9d8fd'),
      P('#073b4c', '#021a22', '#06d6a0', '#ffd166', '#ffffff', '#c9f2e6'),
    ],
    templates: ['geometric', 'classic'],
  },
  history: {
    palettes: [
      P('#6f4518', '#3b2209', '#ffe6a7', '#bb9457', '#fff8e6', '#f1e0c0'),
      P('#582f0e', '#2b1606', '#d4a373', '#a68a64', '#fefae0', '#ead8c0'),
      P('#3d405b', '#1e2030', '#f2cc8f', '#e07a5f', '#f4f1de', '#d6d7e3'),
      P('#7d1f1f', '#3a0c0c', '#e9c46a', '#f4a261', '#fff3dc', '#f0d6c6'),
    ],
    templates: ['classic', 'band'],
  },
  language: {
    palettes: [
      P('#2a9d8f', '#1d6d63', '#e9c46a', '#f4a261', '#ffffff', '#e3f4f1'),
      P('#e76f51', '#b8472e', '#264653', '#e9c46a', '#ffffff', '#fde6de'),
      P('#4361ee', '#2b3fb0', '#f72585', '#4cc9f0', '#ffffff', '#dde3ff'),
    ],
    templates: ['geometric', 'band'],
  },
  cooking: {
    palettes: [
      P('#fefae0', '#f4ead0', '#bc4749', '#6a994e', '#3b2418', '#6b4a3a'),
      P('#bc4749', '#7f2a2c', '#f2e8cf', '#a7c957', '#fff8ec', '#f6dcdc'),
      P('#606c38', '#283618', '#dda15e', '#fefae0', '#fefae0', '#e6e9d0'),
    ],
    templates: ['band', 'classic'],
  },
  textbook: {
    palettes: [
      P('#0077b6', '#03045e', '#ffd60a', '#90e0ef', '#ffffff', '#d6ecff'),
      P('#2b9348', '#1b5e20', '#ffff3f', '#aacc00', '#ffffff', '#dcf5d0'),
      P('#d00000', '#6a040f', '#ffba08', '#faa307', '#ffffff', '#ffe0d6'),
    ],
    templates: ['band', 'geometric'],
  },
  art: {
    palettes: [
      P('#f8f9fa', '#e9ecef', '#ef476f', '#118ab2', '#212529', '#495057'),
      P('#22223b', '#0d0d1a', '#f2e9e4', '#c9ada7', '#f2e9e4', '#c9ada7'),
    ],
    templates: ['geometric', 'classic'],
  },
};

// ---------------------------------------------------------------------------------------------------------
// Helpers

/** FNV-1a: a small, stable hash for the design choices. */
export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Deterministic stream of numbers in [0, 1) from a seed (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(items: readonly T[], r: number): T => items[Math.floor(r * items.length) % items.length] as T;

export const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** Rough advance width in em of one character (its base letter, diacritics do not widen it). */
function charWidth(ch: string): number {
  const base = ch.normalize('NFD')[0] ?? ch;
  if (base === ' ') return 0.27;
  if ('iljI.,:;!|\'’'.includes(base)) return 0.3;
  if ('frt()-–'.includes(base)) return 0.4;
  if ('mwMWđĐ'.includes(base)) return base === 'đ' || base === 'Đ' ? 0.66 : 0.88;
  if (/[A-Z]/.test(base)) return 0.7;
  if (/[0-9]/.test(base)) return 0.58;
  return 0.56;
}

/** Estimated width in px of a text at a font size; `factor` corrects for the face (wider sans, bolder weights). */
export function textWidth(text: string, fontSize: number, factor = 1, letterSpacing = 0): number {
  let em = 0;
  for (const ch of text) em += charWidth(ch);
  return em * fontSize * factor + letterSpacing * Math.max(0, [...text].length - 1);
}

/**
 * Splits words into at most `maxLines` lines whose widest line is as narrow as possible (balanced, not
 * greedy: 'Những Ngày / Thơ Ấu' rather than 'Những Ngày Thơ / Ấu').
 */
function balancedLines(words: string[], lines: number, measure: (s: string) => number): { lines: string[]; widest: number } {
  const n = words.length;
  const k = Math.min(lines, n);
  // best[i][j]: smallest widest line splitting words[0..i) into j lines.
  const best: number[][] = Array.from({ length: n + 1 }, () => Array<number>(k + 1).fill(Infinity));
  const cut: number[][] = Array.from({ length: n + 1 }, () => Array<number>(k + 1).fill(0));
  best[0]![0] = 0;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= k; j++) {
      for (let s = j - 1; s < i; s++) {
        const prev = best[s]![j - 1]!;
        if (prev === Infinity) continue;
        const w = Math.max(prev, measure(words.slice(s, i).join(' ')));
        if (w < best[i]![j]!) {
          best[i]![j] = w;
          cut[i]![j] = s;
        }
      }
    }
  }
  const out: string[] = [];
  let i = n;
  for (let j = k; j >= 1; j--) {
    const s = cut[i]![j]!;
    out.unshift(words.slice(s, i).join(' '));
    i = s;
  }
  return { lines: out, widest: best[n]![k]! };
}

interface FittedText {
  lines: string[];
  fontSize: number;
  lineHeight: number;
}

/** Words of a title; a dash or colon standing alone stays with the word before it ('Doraemon –' / 'Tập 1'). */
function titleWords(text: string): string[] {
  const words: string[] = [];
  for (const raw of text.split(/\s+/).filter(Boolean)) {
    const word = raw === '-' ? '–' : raw;
    if ((word === '–' || word === ':' || word === '&') && words.length > 0) words[words.length - 1] = `${words[words.length - 1]} ${word}`;
    else words.push(word);
  }
  return words;
}

/**
 * Font size and line breaks for a title: for each line count, the largest size at which the balanced lines
 * fit `maxWidth`; then the best of those, where every extra line costs 8% of size (so 'Tôi Thấy Hoa / Vàng
 * Trên / Cỏ Xanh' wins over four short lines at a slightly larger size).
 */
export function fitText(
  text: string,
  opts: { maxWidth: number; maxLines: number; maxSize: number; minSize: number; factor?: number; leading?: number },
): FittedText {
  const words = titleWords(text);
  const leading = opts.leading ?? 1.16;
  let best: { lines: string[]; size: number; score: number } | null = null;
  for (let n = 1; n <= Math.min(opts.maxLines, words.length); n++) {
    // Widths scale linearly with the size: measure once at 100 px, then solve for the size.
    const result = balancedLines(words, n, (s) => textWidth(s, 100, opts.factor));
    const size = Math.min(opts.maxSize, Math.floor((opts.maxWidth / result.widest) * 100));
    if (size < opts.minSize) continue;
    const score = size * (1 - 0.08 * (n - 1));
    if (!best || score > best.score) best = { lines: result.lines, size, score };
  }
  if (best) return { lines: best.lines, fontSize: best.size, lineHeight: Math.round(best.size * leading) };
  // Very long titles: smallest size, as many lines as the widest words need, the rest cut with an ellipsis.
  const size = opts.minSize;
  const measure = (line: string) => textWidth(line, size, opts.factor);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && measure(`${last} ${word}`) <= opts.maxWidth) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length > opts.maxLines + 1) {
    lines.length = opts.maxLines + 1;
    lines[lines.length - 1] = `${lines[lines.length - 1]}…`;
  }
  return { lines, fontSize: size, lineHeight: Math.round(size * leading) };
}

function authorLine(authors: readonly string[]): string {
  if (authors.length === 0) return '';
  if (authors.length <= 2) return authors.join(' · ');
  return `${authors[0]} và nhiều tác giả`;
}

/** Text lines anchored at x; `top` is the baseline of the first line. */
function textLines(
  fitted: FittedText,
  x: number,
  top: number,
  attrs: { family: string; weight: number; fill: string; anchor?: 'start' | 'middle' | 'end'; italic?: boolean; extra?: string },
): string {
  return fitted.lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${top + i * fitted.lineHeight}" font-family="${attrs.family}" font-weight="${attrs.weight}"${
          attrs.italic ? ' font-style="italic"' : ''
        } font-size="${fitted.fontSize}" fill="${attrs.fill}" text-anchor="${attrs.anchor ?? 'middle'}"${attrs.extra ?? ''}>${escapeXml(line)}</text>`,
    )
    .join('');
}

/** The publisher mark: a small open book and 'NHÀ SÁCH', centred on (cx, y). */
function mark(cx: number, y: number, color: string, anchor: 'middle' | 'start' = 'middle'): string {
  const textW = textWidth('NHÀ SÁCH', 15, 1.1, 3);
  const total = 30 + textW;
  const x0 = anchor === 'middle' ? cx - total / 2 : cx;
  return `<g fill="${color}" opacity="0.92">
    <path transform="translate(${x0} ${y - 14})" d="M0 3 Q6 0 11.5 3 L11.5 17 Q6 14.5 0 17 Z M12.5 3 Q18 0 24 3 L24 17 Q18 14.5 12.5 17 Z"/>
    <text x="${x0 + 32}" y="${y}" font-family="${COVER_FONTS.sans}" font-weight="700" font-size="15" letter-spacing="3">NHÀ SÁCH</text>
  </g>`;
}

function uppercaseVi(s: string): string {
  return s.toLocaleUpperCase('vi');
}

// ---------------------------------------------------------------------------------------------------------
// Templates

interface Ctx {
  spec: CoverSpec;
  p: Palette;
  rnd: () => number;
  title: string;
  author: string;
  label: string;
}

function gradient(id: string, p: Palette, angle = 0.25): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${angle}" y2="1"><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient>`;
}

function motif(c: Ctx, cx: number, cy: number): string {
  const { p, rnd } = c;
  const kind = Math.floor(rnd() * 4);
  if (kind === 0) {
    // Sun with rays.
    const rays = Array.from({ length: 24 }, (_, i) => {
      const a = (i / 24) * Math.PI * 2;
      return `<line x1="${cx + Math.cos(a) * 78}" y1="${cy + Math.sin(a) * 78}" x2="${cx + Math.cos(a) * 104}" y2="${cy + Math.sin(a) * 104}"/>`;
    }).join('');
    return `<g stroke="${p.accent}" stroke-width="3" stroke-linecap="round" opacity="0.75">${rays}</g><circle cx="${cx}" cy="${cy}" r="62" fill="${p.accent}" opacity="0.9"/>`;
  }
  if (kind === 1) {
    // Crescent moon and stars.
    const stars = Array.from({ length: 7 }, () => {
      const x = cx - 150 + rnd() * 300;
      const y = cy - 90 + rnd() * 180;
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(1.5 + rnd() * 2.5).toFixed(1)}"/>`;
    }).join('');
    return `<g fill="${p.accent}">${stars}</g><path d="M ${cx + 20} ${cy - 70} A 72 72 0 1 0 ${cx + 20} ${cy + 70} A 56 56 0 1 1 ${cx + 20} ${cy - 70} Z" fill="${p.accent}" opacity="0.9"/>`;
  }
  if (kind === 2) {
    // Mountains and a low sun.
    return `<circle cx="${cx + 60}" cy="${cy - 30}" r="38" fill="${p.accent}" opacity="0.85"/>
      <path d="M ${cx - 200} ${cy + 90} L ${cx - 90} ${cy - 30} L ${cx - 20} ${cy + 40} L ${cx + 50} ${cy - 10} L ${cx + 200} ${cy + 90} Z" fill="${p.accent2}" opacity="0.55"/>
      <path d="M ${cx - 200} ${cy + 90} L ${cx - 120} ${cy + 20} L ${cx - 40} ${cy + 90} Z M ${cx} ${cy + 90} L ${cx + 100} ${cy + 10} L ${cx + 200} ${cy + 90} Z" fill="${p.accent}" opacity="0.45"/>`;
  }
  // Waves.
  const waves = Array.from({ length: 4 }, (_, i) => {
    const y = cy - 45 + i * 30;
    return `<path d="M ${cx - 190} ${y} q 23.75 -18 47.5 0 t 47.5 0 t 47.5 0 t 47.5 0 t 47.5 0 t 47.5 0 t 47.5 0 t 47.5 0" fill="none" stroke="${i % 2 ? p.accent2 : p.accent}" stroke-width="4" stroke-linecap="round" opacity="${0.85 - i * 0.12}"/>`;
  }).join('');
  return waves;
}

function ornament(cx: number, y: number, color: string, width = 120): string {
  return `<g stroke="${color}" fill="${color}" opacity="0.85"><line x1="${cx - width / 2}" y1="${y}" x2="${cx - 10}" y2="${y}" stroke-width="1.5"/><line x1="${cx + 10}" y1="${y}" x2="${cx + width / 2}" y2="${y}" stroke-width="1.5"/><path d="M ${cx} ${y - 6} L ${cx + 6} ${y} L ${cx} ${y + 6} L ${cx - 6} ${y} Z" stroke="none"/></g>`;
}

/** Framed, centred, serif: literature, history, poetry. */
function classic(c: Ctx): string {
  const { p } = c;
  const title = fitText(c.title, { maxWidth: 460, maxLines: 4, maxSize: 72, minSize: 34, factor: 1.02 });
  const blockH = (title.lines.length - 1) * title.lineHeight;
  const top = 350 - blockH / 2;
  const author = fitText(uppercaseVi(c.author), { maxWidth: 470, maxLines: 2, maxSize: 22, minSize: 14, factor: 1.15 });
  return `<defs>${gradient('bg', p)}</defs>
  <rect width="600" height="900" fill="url(#bg)"/>
  <rect x="26" y="26" width="548" height="848" fill="none" stroke="${p.accent}" stroke-opacity="0.6" stroke-width="2"/>
  <rect x="36" y="36" width="528" height="828" fill="none" stroke="${p.accent}" stroke-opacity="0.3" stroke-width="1"/>
  ${c.label ? `<text x="300" y="104" font-family="${COVER_FONTS.sans}" font-weight="600" font-size="15" letter-spacing="5" fill="${p.accent}" text-anchor="middle">${escapeXml(uppercaseVi(c.label))}</text>` : ''}
  ${ornament(300, 140, p.accent)}
  ${textLines(title, 300, top, { family: COVER_FONTS.display, weight: 700, fill: p.ink })}
  ${ornament(300, top + blockH + 52, p.accent, 80)}
  <g>${motif(c, 300, 640)}</g>
  ${textLines(author, 300, 790 - (author.lines.length - 1) * author.lineHeight, { family: COVER_FONTS.sans, weight: 500, fill: p.soft, extra: ' letter-spacing="3"' })}
  ${mark(300, 842, p.soft)}`;
}

/** A coloured block with shapes over a paper band: foreign fiction, cooking, textbooks. */
function band(c: Ctx): string {
  const { p, rnd } = c;
  const paper = '#f7f3ea';
  const title = fitText(c.title, { maxWidth: 490, maxLines: 4, maxSize: 70, minSize: 32, factor: 1.02 });
  const bottom = 540;
  const top = bottom - (title.lines.length - 1) * title.lineHeight;
  const circles = Array.from({ length: 3 }, (_, i) => {
    const r = 60 + rnd() * 120;
    const cx = 80 + rnd() * 440;
    const cy = 60 + rnd() * (top - 180);
    return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="${i % 2 ? p.accent2 : p.accent}" opacity="${(0.22 + i * 0.08).toFixed(2)}"/>`;
  }).join('');
  const lines = Array.from({ length: 6 }, (_, i) => `<line x1="${360 + i * 14}" y1="40" x2="${360 + i * 14}" y2="150" stroke="${p.accent}" stroke-width="2" opacity="0.5"/>`).join('');
  const author = fitText(c.author, { maxWidth: 500, maxLines: 2, maxSize: 32, minSize: 18 });
  const inkOnPaper = '#2b2420';
  return `<defs>${gradient('bg', p, 0.6)}</defs>
  <rect width="600" height="900" fill="${paper}"/>
  <rect width="600" height="590" fill="url(#bg)"/>
  ${circles}${lines}
  ${c.label ? `<text x="50" y="78" font-family="${COVER_FONTS.sans}" font-weight="600" font-size="15" letter-spacing="4" fill="${p.soft}">${escapeXml(uppercaseVi(c.label))}</text>` : ''}
  ${textLines(title, 50, top, { family: COVER_FONTS.display, weight: 700, fill: p.ink, anchor: 'start' })}
  <rect x="50" y="622" width="64" height="6" fill="${p.accent}"/>
  ${textLines(author, 50, 680, { family: COVER_FONTS.serif, weight: 500, fill: inkOnPaper, anchor: 'start', italic: true })}
  <line x1="50" y1="800" x2="550" y2="800" stroke="${inkOnPaper}" stroke-opacity="0.15" stroke-width="1"/>
  ${mark(50, 845, inkOnPaper, 'start')}`;
}

/** Bold sans title over large shapes: business, self-help, science, languages. */
function geometric(c: Ctx): string {
  const { p, rnd } = c;
  const variant = Math.floor(rnd() * 3);
  let shapes = '';
  if (variant === 0) {
    shapes = `<circle cx="${420 + rnd() * 60}" cy="${230 + rnd() * 60}" r="190" fill="${p.accent}" opacity="0.9"/>
      <circle cx="${250 + rnd() * 60}" cy="${330 + rnd() * 40}" r="120" fill="${p.accent2}" opacity="0.55"/>`;
  } else if (variant === 1) {
    const bars = Array.from({ length: 7 }, (_, i) => {
      const h = 80 + rnd() * 300;
      return `<rect x="${70 + i * 66}" y="${470 - h}" width="42" height="${h.toFixed(0)}" rx="4" fill="${i % 3 === 0 ? p.accent2 : p.accent}" opacity="${i % 3 === 0 ? 0.7 : 0.9}"/>`;
    }).join('');
    shapes = `${bars}<line x1="50" y1="478" x2="550" y2="478" stroke="${p.soft}" stroke-width="2" opacity="0.6"/>`;
  } else {
    const dots = Array.from({ length: 8 * 6 }, (_, i) => {
      const x = 330 + (i % 8) * 30;
      const y = 70 + Math.floor(i / 8) * 30;
      return `<circle cx="${x}" cy="${y}" r="4"/>`;
    }).join('');
    shapes = `<g fill="${p.accent2}" opacity="0.6">${dots}</g>
      <path d="M 0 470 L 330 140 L 470 280 L 600 150 L 600 470 Z" fill="${p.accent}" opacity="0.85"/>`;
  }
  const title = fitText(c.title, { maxWidth: 500, maxLines: 4, maxSize: 66, minSize: 30, factor: 1.1, leading: 1.1 });
  const top = 580;
  const author = fitText(uppercaseVi(c.author), { maxWidth: 480, maxLines: 2, maxSize: 20, minSize: 13, factor: 1.15 });
  return `<defs>${gradient('bg', p, 0.1)}</defs>
  <rect width="600" height="900" fill="url(#bg)"/>
  ${shapes}
  ${textLines(author, 50, 70, { family: COVER_FONTS.sans, weight: 600, fill: p.soft, anchor: 'start', extra: ' letter-spacing="3"' })}
  <rect x="50" y="${top - title.fontSize - 24}" width="56" height="6" fill="${p.accent}"/>
  ${textLines(title, 50, top, { family: COVER_FONTS.sans, weight: 800, fill: p.ink, anchor: 'start' })}
  ${c.label ? `<text x="550" y="846" font-family="${COVER_FONTS.sans}" font-weight="500" font-size="14" letter-spacing="3" fill="${p.soft}" text-anchor="end" opacity="0.8">${escapeXml(uppercaseVi(c.label))}</text>` : ''}
  ${mark(50, 846, p.soft, 'start')}`;
}

function star(cx: number, cy: number, r: number, fill: string, rotate: number): string {
  const pts = Array.from({ length: 10 }, (_, i) => {
    const a = (i / 10) * Math.PI * 2 - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.45;
    return `${(cx + Math.cos(a) * rr).toFixed(1)},${(cy + Math.sin(a) * rr).toFixed(1)}`;
  }).join(' ');
  return `<polygon points="${pts}" fill="${fill}" transform="rotate(${rotate.toFixed(0)} ${cx} ${cy})"/>`;
}

/** Bright, rounded, playful: children's books. */
function kids(c: Ctx): string {
  const { p, rnd } = c;
  const blobs = Array.from({ length: 6 }, (_, i) => {
    const r = 40 + rnd() * 90;
    return `<circle cx="${(rnd() * 600).toFixed(0)}" cy="${(rnd() * 900).toFixed(0)}" r="${r.toFixed(0)}" fill="${i % 2 ? p.accent : p.accent2}" opacity="0.35"/>`;
  }).join('');
  const stars = Array.from({ length: 6 }, (_, i) =>
    star(40 + rnd() * 520, 60 + rnd() * 780, 10 + rnd() * 16, i % 2 ? '#ffffff' : p.accent2, rnd() * 70),
  ).join('');
  const title = fitText(c.title, { maxWidth: 440, maxLines: 4, maxSize: 62, minSize: 30, factor: 1.1, leading: 1.12 });
  const boxH = title.lines.length * title.lineHeight + 70;
  const boxY = 420 - boxH / 2;
  const author = fitText(c.author, { maxWidth: 380, maxLines: 1, maxSize: 24, minSize: 14, factor: 1.1 });
  const pillW = Math.min(520, textWidth(author.lines[0] ?? '', author.fontSize, 1.1) + 60);
  return `<defs>${gradient('bg', p, 0.5)}</defs>
  <rect width="600" height="900" fill="url(#bg)"/>
  ${blobs}${stars}
  ${c.label ? `<text x="300" y="110" font-family="${COVER_FONTS.sans}" font-weight="800" font-size="18" letter-spacing="4" fill="${p.ink}" text-anchor="middle">${escapeXml(uppercaseVi(c.label))}</text>` : ''}
  <rect x="46" y="${boxY + 10}" width="508" height="${boxH}" rx="36" fill="${p.ink}" opacity="0.18"/>
  <rect x="40" y="${boxY}" width="520" height="${boxH}" rx="36" fill="#ffffff"/>
  ${textLines(title, 300, boxY + 35 + title.fontSize * 0.92, { family: COVER_FONTS.sans, weight: 800, fill: p.ink })}
  <rect x="${300 - pillW / 2}" y="${boxY + boxH + 40}" width="${pillW}" height="52" rx="26" fill="${p.ink}"/>
  <text x="300" y="${boxY + boxH + 40 + 34}" font-family="${COVER_FONTS.sans}" font-weight="700" font-size="${author.fontSize}" fill="#ffffff" text-anchor="middle">${escapeXml(author.lines[0] ?? '')}</text>
  ${mark(300, 850, p.ink)}`;
}

/** Speed lines and a heavy title band: manga and comics. */
function comics(c: Ctx): string {
  const { p, rnd } = c;
  const cx = 300;
  const cy = 330;
  const rays = Array.from({ length: 48 }, (_, i) => {
    const a = (i / 48) * Math.PI * 2 + rnd() * 0.05;
    const w = 0.03 + rnd() * 0.04;
    const r = 900;
    const x1 = cx + Math.cos(a - w) * r;
    const y1 = cy + Math.sin(a - w) * r;
    const x2 = cx + Math.cos(a + w) * r;
    const y2 = cy + Math.sin(a + w) * r;
    return `<path d="M ${cx} ${cy} L ${x1.toFixed(0)} ${y1.toFixed(0)} L ${x2.toFixed(0)} ${y2.toFixed(0)} Z"/>`;
  }).join('');
  const title = fitText(uppercaseVi(c.title), { maxWidth: 500, maxLines: 4, maxSize: 64, minSize: 28, factor: 1.1, leading: 1.05 });
  const bandH = title.lines.length * title.lineHeight + 48;
  const bandY = 600 - bandH / 2;
  const author = fitText(c.author, { maxWidth: 420, maxLines: 1, maxSize: 22, minSize: 13, factor: 1.1 });
  const authorW = Math.min(520, textWidth(author.lines[0] ?? '', author.fontSize, 1.1) + 40);
  return `<defs>${gradient('bg', p, 0.3)}</defs>
  <rect width="600" height="900" fill="url(#bg)"/>
  <g fill="#ffffff" opacity="0.55">${rays}</g>
  <circle cx="${cx}" cy="${cy}" r="150" fill="${p.accent}"/>
  <circle cx="${cx}" cy="${cy}" r="150" fill="none" stroke="#111111" stroke-width="8"/>
  ${star(cx, cy, 90, '#ffffff', rnd() * 30)}
  <g transform="rotate(-4 300 ${bandY + bandH / 2})">
    <rect x="-20" y="${bandY}" width="640" height="${bandH}" fill="#111111"/>
    ${textLines(title, 300, bandY + 24 + title.fontSize * 0.9, { family: COVER_FONTS.sans, weight: 900, fill: '#ffffff' })}
  </g>
  <rect x="${300 - authorW / 2}" y="${bandY + bandH + 50}" width="${authorW}" height="44" fill="#111111"/>
  <text x="300" y="${bandY + bandH + 50 + 30}" font-family="${COVER_FONTS.sans}" font-weight="700" font-size="${author.fontSize}" fill="${p.bg[0]}" text-anchor="middle">${escapeXml(author.lines[0] ?? '')}</text>
  ${c.label ? `<text x="40" y="66" font-family="${COVER_FONTS.sans}" font-weight="900" font-size="20" letter-spacing="2" fill="#111111">${escapeXml(uppercaseVi(c.label))}</text>` : ''}
  <rect x="0" y="820" width="600" height="80" fill="#111111"/>
  ${mark(300, 868, '#ffffff')}`;
}

const TEMPLATES: Record<Template, (c: Ctx) => string> = { classic, band, geometric, kids, comics };

/** The SVG document of a cover; `width` sets the rendered size (the drawing is always 600 x 900 units). */
export function coverSvg(spec: CoverSpec, width = COVER_WIDTH): string {
  const theme = THEMES[spec.theme];
  const title = spec.title.normalize('NFC').trim();
  const seed = hashString(`${title}|${spec.authors.join(',')}`);
  const rnd = random(seed);
  const p = pick(theme.palettes, rnd());
  const template = pick(theme.templates, rnd());
  const ctx: Ctx = {
    spec,
    p,
    rnd,
    title,
    author: authorLine(spec.authors.map((a) => a.normalize('NFC'))),
    label: (spec.label ?? '').normalize('NFC'),
  };
  const height = Math.round((width * COVER_HEIGHT) / COVER_WIDTH);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">${TEMPLATES[template](ctx)}</svg>`;
}

/** 'Không có ảnh' placeholder in the cover format, served for missing images. */
export function placeholderSvg(width = COVER_WIDTH): string {
  const height = Math.round((width * COVER_HEIGHT) / COVER_WIDTH);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">
  <rect width="600" height="900" fill="#f1f5f9"/>
  <rect x="24" y="24" width="552" height="852" rx="18" fill="none" stroke="#cbd5e1" stroke-width="4" stroke-dasharray="18 14"/>
  <g transform="translate(300 380)" fill="none" stroke="#94a3b8" stroke-width="10" stroke-linejoin="round" stroke-linecap="round">
    <path d="M -120 -70 Q -60 -100 0 -70 L 0 90 Q -60 60 -120 90 Z"/>
    <path d="M 120 -70 Q 60 -100 0 -70 L 0 90 Q 60 60 120 90 Z"/>
  </g>
  <text x="300" y="560" font-family="${COVER_FONTS.sans}, sans-serif" font-weight="600" font-size="40" fill="#64748b" text-anchor="middle">Không có ảnh</text>
  <text x="300" y="610" font-family="${COVER_FONTS.sans}, sans-serif" font-weight="500" font-size="22" letter-spacing="4" fill="#94a3b8" text-anchor="middle">NHÀ SÁCH</text>
</svg>`;
}

import { describe, expect, it } from 'vitest';
import { markedKey, markedKeyOfText, rankCandidates, tierOf, type Candidate } from './ranking.ts';
import { nearWords, tsQueryOf, variantsOf } from './search-engine.ts';
import { dictionaryOf } from './search-words.ts';

const book = (id: number, title: string, extra: Partial<Candidate> = {}): Candidate => ({
  id,
  sold: 0,
  title,
  titleMarked: false,
  titleHolds: true,
  author: 0,
  relaxed: 0,
  ...extra,
});

describe('ranking (docs/decisions.md, "Search a bookseller would sign")', () => {
  it('reads spelling variants as one key, and different marks as different keys', () => {
    expect(markedKey('Hoà Bình')).toBe(markedKey('hòa bình'));
    expect(markedKey('Thuỷ Hử')).toBe(markedKey('thủy hử'));
    expect(markedKey('Kí sự')).toBe(markedKey('ký sự'));
    expect(markedKey('Số Đỏ')).not.toBe(markedKey('Sổ Đỏ'));
    expect(markedKey('Nguyễn Nhật Ánh')).not.toBe(markedKey('Nguyễn Nhật Anh'));
    // 'uy' keeps its y: 'quy' is no 'qui' to a reader of the key.
    expect(markedKey('Quý')).not.toBe(markedKey('Quí'));
  });

  it('reads a text character by character into the same key as the whole-text definition', () => {
    // Vietnamese in both forms (precomposed, and marks typed apart), other Latin letters, Greek (a final sigma
    // lower-cases by its neighbours), Turkish dotted I, digits, punctuation, emoji, lone y after consonants.
    const pieces = ['Hoà', 'hòa', 'Thuỷ', 'ký', 'KÝ', 'quý', 'đ', 'Đ', 'ệ', 'e\u0323\u0302', 'e\u0302\u0323', 'a\u0301', '\u0301', 'Ư', 'ơ', 'ñ', 'Æ', 'ǅ', 'İ', 'ẞ', 'ΣΑΣ', 'σ', 'Ω',
      '1', '9', ' ', '  ', '-', ',', '.', '\u2014', '\u00a0', '\u2019', '\u00a8', '😀', 'ﬁ', '²', 'My', 'ty', 'xy', 'y', 'ky', 'hy', 'sử', 'Nguyễn', '(', ')', '!'];
    let seed = 42;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (let n = 0; n < 20_000; n++) {
      let text = '';
      const length = 1 + Math.floor(random() * 8);
      for (let i = 0; i < length; i++) text += pieces[Math.floor(random() * pieces.length)];
      expect(markedKey(text), JSON.stringify(text)).toBe(markedKeyOfText(text));
      // A part of a longer text (the build's batches): the same key as the part alone.
      expect(markedKey(`Ký\n${text}\nhoà`, 3, 3 + text.length), JSON.stringify(text)).toBe(markedKeyOfText(text));
    }
    // Every character of the table on its own and between letters.
    for (const range of [[0, 0x250], [0x1e00, 0x1f00], [0x2000, 0x2070]] as const) {
      for (let c = range[0]; c < range[1]; c++) {
        const ch = String.fromCharCode(c);
        for (const text of [ch, `ba${ch}y`, `${ch}${ch}`, `k${ch}`]) expect(markedKey(text), JSON.stringify(text)).toBe(markedKeyOfText(text));
      }
    }
  });

  it('orders: title as typed, author as typed, title folded, author folded, prefix, every word, the rest; relaxed below', () => {
    const norm = 'so do';
    const ranked = rankCandidates(
      [
        book(1, 'so do', { sold: 900 }),
        book(2, 'so do', { titleMarked: true }),
        book(3, 'so do tap 2', { sold: 5000 }),
        book(4, 'ke so do', { sold: 9000 }),
        book(5, 'khac', { titleHolds: false, sold: 9999 }),
        book(6, 'khac nua', { titleHolds: false, author: 3 }),
        book(7, 'so do', { relaxed: 1, titleMarked: true, sold: 99999 }),
      ],
      norm,
    );
    expect(ranked.map((c) => c.id)).toEqual([2, 6, 1, 3, 4, 5, 7]);
    expect(tierOf(book(8, 'x', { titleHolds: false, author: 2 }), norm)).toBe(3);
  });

  it('sales break ties inside a tier, never lift a book over a better tier; shorter titles first in title tiers', () => {
    const ranked = rankCandidates([book(1, 'dac nhan tam ban dac biet', { sold: 10 }), book(2, 'dac nhan tam cho teen', { sold: 99 }), book(3, 'dac nhan tam cho teen', { sold: 100 })], 'dac nhan');
    expect(ranked.map((c) => c.id)).toEqual([3, 2, 1]);
  });
});

describe('query words', () => {
  const dict = dictionaryOf(['ky', 'ki', 'dac', 'nhan', 'tam', 'kim', 'kinh', 'gia', 'nha']);

  it('adds the y/i twin and what telex leftovers stand for, when the catalogue has that word', () => {
    expect(variantsOf(dict, 'ky')).toEqual(['ki']);
    expect(variantsOf(dict, 'ddac')).toEqual(['dac']);
    expect(variantsOf(dict, 'tams')).toEqual(['tam']);
    expect(variantsOf(dict, 'nhaf')).toEqual(['nha']);
    expect(variantsOf(dict, 'tam')).toEqual([]);
  });

  it('near words: edit distance 1 up to five letters, closest first, none for two letters', () => {
    // The same length first ('kim' for 'kin'), then the nearest length.
    expect(nearWords(dict, 'kin').map((n) => n.word)).toEqual(['kim', 'ki', 'kinh']);
    expect(nearWords(dict, 'ky')).toEqual([]);
  });

  it('tsqueries of groups: alternatives in parentheses, the last as a prefix, the complete groups apart', () => {
    expect(tsQueryOf([{ words: ['ky', 'ki'] }, { words: ['nang'], prefix: 'na' }])).toEqual({ tsQuery: '(ky | ki) & (nang | na:*)', indexTsQuery: '(ky | ki)' });
    expect(tsQueryOf([{ words: ['dac'] }])).toEqual({ tsQuery: 'dac' });
  });
});

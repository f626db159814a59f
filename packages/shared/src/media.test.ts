import { describe, expect, it } from 'vitest';
import { coverSrcSet } from './media.ts';

describe('coverSrcSet', () => {
  it('names the thumb, medium and large files beside a stored medium variant', () => {
    expect(coverSrcSet('/media/books/12/ab12-medium.webp')).toBe(
      '/media/books/12/ab12-thumb.webp 120w, /media/books/12/ab12-medium.webp 300w, /media/books/12/ab12-large.webp 600w',
    );
  });

  it('gives none for a missing, foreign or placeholder URL', () => {
    expect(coverSrcSet(null)).toBeUndefined();
    expect(coverSrcSet('https://cdn.example/x-medium.webp')).toBeUndefined();
    expect(coverSrcSet('/media/no-image.svg')).toBeUndefined();
  });
});

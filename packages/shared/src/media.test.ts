import { describe, expect, it } from 'vitest';
import { coverSrcSet } from './media.ts';

describe('coverSrcSet', () => {
  it('names the thumb, medium and large files beside a stored medium variant', () => {
    expect(coverSrcSet('/media/books/12/ab12-medium.webp')).toBe(
      '/media/books/12/ab12-thumb.webp 120w, /media/books/12/ab12-medium.webp 300w, /media/books/12/ab12-large.webp 600w',
    );
  });

  it('keeps the absolute address of the API the media URL came with', () => {
    expect(coverSrcSet('https://shop.example/media/covers/7/v1-medium.webp')).toBe(
      'https://shop.example/media/covers/7/v1-thumb.webp 120w, https://shop.example/media/covers/7/v1-medium.webp 300w, https://shop.example/media/covers/7/v1-large.webp 600w',
    );
    expect(coverSrcSet('http://127.0.0.1:3000/media/books/1/ab-medium.webp')).toContain('http://127.0.0.1:3000/media/books/1/ab-large.webp 600w');
  });

  it('gives none for a missing, foreign or placeholder URL', () => {
    expect(coverSrcSet(null)).toBeUndefined();
    expect(coverSrcSet('https://cdn.example/x-medium.webp')).toBeUndefined();
    expect(coverSrcSet('/media/no-image.svg')).toBeUndefined();
    expect(coverSrcSet('https://shop.example/media/no-image.svg')).toBeUndefined();
  });
});

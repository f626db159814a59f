import { describe, expect, it } from 'vitest';
import { commentInputSchema, ratingInputSchema, ratingSummaryFrom, roundAverage } from './engagement.ts';
import { clampRatingScore } from './engagement-rules.ts';

describe('clampRatingScore (the client rule)', () => {
  it('clamps to 1..5, rounds, and defaults to 5', () => {
    expect([0, -3, 1, 2.4, 2.5, 4, 5, 6, 99].map(clampRatingScore)).toEqual([1, 1, 1, 2, 3, 4, 5, 5, 5]);
    expect([undefined, null, '', 'abc', NaN, Infinity].map(clampRatingScore)).toEqual([5, 5, 5, 5, 5, 5]);
    expect(clampRatingScore('3')).toBe(3);
  });
});

describe('ratingInputSchema (the server rule)', () => {
  it('refuses what the client would clamp', () => {
    for (const score of [0, 6, 2.5, '4', 'abc', null]) expect(ratingInputSchema.safeParse({ score }).success).toBe(false);
    expect(ratingInputSchema.parse({ score: 1, content: '  ok  ' })).toEqual({ score: 1, content: 'ok' });
  });
});

describe('commentInputSchema', () => {
  it('trims, refuses blank, keeps markup as text', () => {
    expect(commentInputSchema.safeParse({ content: ' \n ' }).success).toBe(false);
    expect(commentInputSchema.parse({ content: ' <b>x</b> ' })).toEqual({ content: '<b>x</b>', parentId: null });
  });
});

describe('ratingSummaryFrom', () => {
  it('computes average, count and whole percentages', () => {
    expect(ratingSummaryFrom({ '1': 1, '2': 0, '3': 0, '4': 1, '5': 2 })).toEqual({
      average: 3.8,
      count: 4,
      distribution: { '1': 1, '2': 0, '3': 0, '4': 1, '5': 2 },
      percent: { '1': 25, '2': 0, '3': 0, '4': 25, '5': 50 },
    });
  });

  it('rounds the average half up to one decimal', () => {
    expect(roundAverage(17, 4)).toBe(4.3); // 4.25
    expect(roundAverage(0, 0)).toBe(0);
  });
});

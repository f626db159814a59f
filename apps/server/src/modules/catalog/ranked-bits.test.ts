import { describe, expect, it } from 'vitest';
import { RankedBits } from './ranked-bits.ts';

/** Against a plain array of flags: every rank and select, as members come and go. */
describe('RankedBits', () => {
  it('counts the members before each position and finds each member, as members are added and removed', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (const length of [0, 1, 31, 32, 33, 64, 100, 1_000]) {
      const flags = Array.from({ length }, () => random() < 0.4);
      const bits = new RankedBits(length, RankedBits.words(length, (i) => flags[i]!));
      const check = (state: string) => {
        const members = flags.flatMap((f, i) => (f ? [i] : []));
        let before = 0;
        for (let i = 0; i <= length; i++) {
          expect(bits.rank(i), `${state}: rank(${i}) of ${length}`).toBe(before);
          if (i < length) {
            expect(bits.has(i)).toBe(flags[i]);
            if (flags[i]) before++;
          }
        }
        for (let i = 0; i < members.length; i++) expect(bits.select(i), `${state}: select(${i}) of ${length}`).toBe(members[i]);
        expect(bits.select(members.length)).toBe(length);
        expect(bits.select(-1)).toBe(length);
      };
      check('as made');
      for (let step = 0; step < Math.min(length, 200); step++) {
        const i = Math.floor(random() * length);
        if (random() < 0.5) {
          bits.add(i);
          flags[i] = true;
        } else {
          bits.remove(i);
          flags[i] = false;
        }
      }
      check('after changes');
    }
  });
});

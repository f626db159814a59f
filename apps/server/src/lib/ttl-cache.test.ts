import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('shares one computation between concurrent misses and keeps its value', async () => {
    const cache = new TtlCache<number>(60_000);
    let runs = 0;
    const compute = async () => ++runs;
    expect(await Promise.all([cache.get('k', compute), cache.get('k', compute)])).toEqual([1, 1]);
    expect(await cache.get('k', compute)).toBe(1);
  });

  it('does not keep a value computed across a clear: the change may have made it stale', async () => {
    const cache = new TtlCache<string>(60_000);
    let release!: () => void;
    const before = cache.get('home', () => new Promise<string>((resolve) => (release = () => resolve('before the change'))));
    cache.clear();
    // A caller after the change does not join the computation begun before it.
    const after = cache.get('home', async () => 'after the change');
    release();
    expect(await before).toBe('before the change');
    expect(await after).toBe('after the change');
    expect(await cache.get('home', async () => 'computed again')).toBe('after the change');
  });
});

import { LRUCache } from 'lru-cache';

/**
 * A small in-process cache with a time to live and single flight: concurrent misses of one key share one
 * computation. Used for page totals and the home page, whose exact values may lag writes by the TTL. Bounded by
 * lru-cache (the least recently used entry goes first, in constant time: evicting a Map's first key walks every
 * deleted entry before it, which cost a full cache milliseconds per insert).
 */
export class TtlCache<V> {
  private readonly entries: LRUCache<string, { value: V }>;
  private readonly pending = new Map<string, Promise<V>>();
  /** Bumped by clear(): a computation started before a clear is answered to its callers but not kept. */
  private generation = 0;

  constructor(ttlMs: number, maxEntries = 1000) {
    this.entries = new LRUCache({ max: maxEntries, ttl: ttlMs });
  }

  async get(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) return hit.value;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const promise = compute()
      .then((value) => {
        if (generation === this.generation) this.entries.set(key, { value });
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
      });
    this.pending.set(key, promise);
    return promise;
  }

  /** Forgets every value, and the computations under way: they may have read what the change made stale. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }
}

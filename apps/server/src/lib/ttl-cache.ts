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

  constructor(ttlMs: number, maxEntries = 1000) {
    this.entries = new LRUCache({ max: maxEntries, ttl: ttlMs });
  }

  async get(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) return hit.value;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const promise = compute()
      .then((value) => {
        this.entries.set(key, { value });
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  clear(): void {
    this.entries.clear();
  }
}

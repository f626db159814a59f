/**
 * A small in-process cache with a time to live and single flight: concurrent misses of one key share one
 * computation. Used for page totals and the home page, whose exact values may lag writes by the TTL.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly pending = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  async get(key: string, compute: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const promise = compute()
      .then((value) => {
        if (this.entries.size >= this.maxEntries) this.evictExpiredOrOldest();
        this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  clear(): void {
    this.entries.clear();
  }

  private evictExpiredOrOldest(): void {
    const now = Date.now();
    for (const [k, e] of this.entries) if (e.expires <= now) this.entries.delete(k);
    // Map keeps insertion order: the first key is the oldest.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

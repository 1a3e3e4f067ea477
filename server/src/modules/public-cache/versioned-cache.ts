/**
 * A per-process cache of each provider's public data, valid for one data version. A request reads
 * the current version fresh from the database and uses the entry only if it was built at that
 * version, so a write committed by any process is seen by the next request of every process.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: number; value: T }>();

  /** `capacity` bounds memory: past it the least recently used provider is dropped. */
  constructor(private readonly capacity = 1000) {}

  get(providerId: string, version: number): T | undefined {
    const entry = this.entries.get(providerId);
    if (!entry || entry.version !== version) return undefined;
    // Re-inserting keeps Map order = recency order, so the first key is the one to drop.
    this.entries.delete(providerId);
    this.entries.set(providerId, entry);
    return entry.value;
  }

  /** The provider's entry whatever its version, for work that is checked against the current version afterwards. */
  latest(providerId: string): { version: number; value: T } | undefined {
    return this.entries.get(providerId);
  }

  set(providerId: string, version: number, value: T): void {
    this.entries.delete(providerId);
    this.entries.set(providerId, { version, value });
    if (this.entries.size > this.capacity) {
      // The oldest entry: a Map iterates in insertion order.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}

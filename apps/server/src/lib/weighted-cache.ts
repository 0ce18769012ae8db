/**
 * Values kept by key within a bound on their total weight (bytes, or whatever the caller counts):
 * past it, the least recently used go first. What is kept for lists and reports read again and
 * again (kept-by-version.ts, the rules lists of large feeds, the error reports of large syncs).
 */
export class WeightedCache<K, V> {
  readonly #entries = new Map<K, { value: V; weight: number }>();
  #weight = 0;

  /**
   * @param maxWeight the most weight kept in all
   * @param maxEach the most one value may weigh to be kept (default `maxWeight`)
   */
  constructor(
    readonly maxWeight: number,
    readonly maxEach = maxWeight,
  ) {}

  /** The value kept for `key`, now the most recently used; undefined when none is. */
  get(key: K): V | undefined {
    const found = this.#entries.get(key);
    if (!found) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, found);
    return found.value;
  }

  /** The value kept for `key`, leaving its place in the order of use as it is. */
  peek(key: K): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /** Keeps `value` for `key` (instead of what was), unless it weighs more than one value may. */
  set(key: K, value: V, weight: number): void {
    this.delete(key);
    if (weight > this.maxEach) return;
    this.#entries.set(key, { value, weight });
    this.#weight += weight;
    this.#shed(key);
  }

  /**
   * Adds `delta` to the weight of what is kept for `key` (a value that grew or shrank), if it is
   * still kept; it goes when it alone weighs too much.
   */
  reweigh(key: K, delta: number): void {
    const found = this.#entries.get(key);
    if (!found) return;
    found.weight += delta;
    this.#weight += delta;
    if (found.weight > this.maxEach) this.delete(key);
    else this.#shed(key);
  }

  delete(key: K): void {
    const found = this.#entries.get(key);
    if (!found) return;
    this.#entries.delete(key);
    this.#weight -= found.weight;
  }

  /** The weight kept now. */
  get weight(): number {
    return this.#weight;
  }

  /** Lets the least recently used go until the total is within bounds, `kept` last of all. */
  #shed(kept: K) {
    for (const oldest of this.#entries.keys()) {
      if (this.#weight <= this.maxWeight) return;
      if (oldest !== kept) this.delete(oldest);
    }
    if (this.#weight > this.maxWeight) this.delete(kept);
  }
}

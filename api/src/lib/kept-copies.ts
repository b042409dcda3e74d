/**
 * Copies kept in memory by key, at most `max` (the least recently built go first), and the
 * builds in flight (one per key, which every request for that key waits on).
 */
export class KeptCopies<E> {
  private readonly entries = new Map<string, E>();
  private readonly building = new Map<string, Promise<unknown>>();

  constructor(private readonly max: number) {}

  get(key: string): E | undefined {
    return this.entries.get(key);
  }

  set(key: string, entry: E): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  all(): IterableIterator<[string, E]> {
    return this.entries.entries();
  }

  /** The build in flight for `key`, if any. */
  inFlight<T>(key: string): Promise<T> | undefined {
    return this.building.get(key) as Promise<T> | undefined;
  }

  /** Records `promise` as the build in flight for `key` until it settles; answers it. */
  track<T>(key: string, promise: Promise<T>): Promise<T> {
    this.building.set(key, promise);
    const done = () => {
      if (this.building.get(key) === promise) this.building.delete(key);
    };
    void promise.then(done, done);
    return promise;
  }
}

import { type ChangeFeed, EVERYTHING } from '../../db/change-feed';

/** Compiled creatives kept at most; the least recently compiled go first. */
const SETS_MAX = 5000;
/** Tags kept at most. */
const TAGS_MAX = 50_000;
/** Change epochs remembered per key; past it the memory starts over (and nothing compiled meanwhile is kept). */
const CHANGES_MAX = 100_000;

/** What a kept value depends on: the change-feed keys (`creative:12`, …) whose change drops it. */
export interface Kept<T> {
  value: T;
  creativeId: number;
  keys: readonly string[];
}

/** A creative's set as kept: its value, and the keys changed since it was made (none: current). */
interface KeptSet<T> {
  kept: Kept<T>;
  changed: Set<string> | undefined;
}

/** What a set is made from again: the set kept and the keys changed since. */
export interface Previous<T> {
  value: T;
  changed: ReadonlySet<string>;
}

/**
 * What served tags keep in memory (docs/design.md §11): each tag by its token and
 * each creative's compiled set. A tag is dropped when the change feed announces a change of a key
 * it depends on — on every instance, as PostgreSQL delivers the notification at commit; a set is
 * marked with the keys that changed, and the next decision has it made again from the set and those
 * keys (ad serving patches the feed it holds, docs/decisions/0145). While that runs, decisions wait
 * for it — or, for a set `meanwhile` allows (a large feed), are served the previous set. A fresh
 * value being compiled while one of its keys changes answers its request but is not kept (it may
 * have read the rows before the change); a set made again so is kept, marked with that key.
 * Nothing is kept while the feed cannot hear changes.
 */
export function createServingCache<TagT, SetT>(
  feed: ChangeFeed,
  onChange: (keys: readonly string[]) => void,
) {
  const tags = new Map<string, Kept<TagT>>();
  const sets = new Map<number, KeptSet<SetT>>();
  /** Which creatives each key's change drops. */
  const dependents = new Map<string, Set<number>>();
  const tokensOf = new Map<number, Set<string>>();
  const compiling = new Map<number, Promise<Kept<SetT>>>();
  /** The epoch of each key's last change; `floor` for keys not remembered. */
  const changedAt = new Map<string, number>();
  let epoch = 0;
  let floor = 0;

  const drop = (creativeId: number) => {
    sets.delete(creativeId);
    for (const token of tokensOf.get(creativeId) ?? []) tags.delete(token);
    tokensOf.delete(creativeId);
  };
  const clear = () => {
    tags.clear();
    sets.clear();
    dependents.clear();
    tokensOf.clear();
  };

  feed.subscribe({
    changed(keys) {
      epoch++;
      if (changedAt.size > CHANGES_MAX) {
        changedAt.clear();
        floor = epoch;
      }
      for (const key of keys) {
        if (key === EVERYTHING) {
          floor = epoch;
          clear();
          continue;
        }
        changedAt.set(key, epoch);
        for (const creativeId of dependents.get(key) ?? []) {
          for (const token of tokensOf.get(creativeId) ?? []) tags.delete(token);
          tokensOf.delete(creativeId);
          const set = sets.get(creativeId);
          if (!set) continue;
          set.changed ??= new Set();
          set.changed.add(key);
        }
        dependents.delete(key);
      }
      onChange(keys);
    },
  });

  /** Whether a value compiled since `started` may be kept: the feed hears, and none of its keys changed. */
  const keepable = (started: number, keys: readonly string[]) =>
    feed.live && floor <= started && keys.every((key) => (changedAt.get(key) ?? 0) <= started);

  const depend = (creativeId: number, keys: readonly string[]) => {
    for (const key of keys) {
      let set = dependents.get(key);
      if (!set) {
        set = new Set();
        dependents.set(key, set);
      }
      set.add(creativeId);
    }
  };

  const bounded = <K, V>(map: Map<K, V>, max: number, evict: (key: K) => void) => {
    while (map.size > max) {
      const oldest = map.keys().next();
      if (oldest.done) return;
      evict(oldest.value);
    }
  };

  return {
    /** The tag a token names: kept, or loaded (undefined when no tag has it; such misses are not kept). */
    async tag(token: string, load: () => Promise<Kept<TagT> | undefined>): Promise<TagT | undefined> {
      const kept = tags.get(token);
      if (kept) return kept.value;
      const started = epoch;
      const loaded = await load();
      if (!loaded) return undefined;
      if (keepable(started, loaded.keys)) {
        tags.set(token, loaded);
        let tokens = tokensOf.get(loaded.creativeId);
        if (!tokens) {
          tokens = new Set();
          tokensOf.set(loaded.creativeId, tokens);
        }
        tokens.add(token);
        depend(loaded.creativeId, loaded.keys);
        bounded(tags, TAGS_MAX, (oldest) => tags.delete(oldest));
      }
      return loaded.value;
    },

    /**
     * The creative's compiled set: kept, or made once however many ask meanwhile — compiled, or made
     * again from the set kept and the keys changed since (`make`'s argument). While a set is made
     * again, decisions are served the previous one when `meanwhile` allows it, else wait.
     */
    async set(
      creativeId: number,
      make: (previous: Previous<SetT> | undefined) => Promise<Kept<SetT>>,
      meanwhile?: (previous: SetT) => boolean,
    ): Promise<SetT> {
      const kept = sets.get(creativeId);
      let running = compiling.get(creativeId);
      if (running) {
        if (kept && meanwhile?.(kept.kept.value)) return kept.kept.value;
        return (await running).value;
      }
      if (kept && kept.changed === undefined) return kept.kept.value;
      const started = epoch;
      // Keys heard from now on mark the set again: they may have changed after `make` read them.
      const previous = kept && { value: kept.kept.value, changed: kept.changed! };
      if (kept) kept.changed = undefined;
      running = make(previous).then(
        (made) => {
          if (!feed.live || floor > started) {
            if (sets.get(creativeId) === kept) drop(creativeId);
            return made;
          }
          if (kept) {
            // Made again: kept even if a key changed meanwhile, marked with it (a feed that changes
            // every second would otherwise never be kept, and every decision would wait).
            if (sets.get(creativeId) !== kept) return made;
            const since = made.keys.filter((key) => (changedAt.get(key) ?? 0) > started);
            const changed = kept.changed ?? (since.length > 0 ? new Set<string>() : undefined);
            for (const key of since) changed!.add(key);
            kept.kept = made;
            kept.changed = changed;
            depend(creativeId, made.keys);
          } else if (keepable(started, made.keys)) {
            sets.set(creativeId, { kept: made, changed: undefined });
            depend(creativeId, made.keys);
            bounded(sets, SETS_MAX, drop);
          }
          return made;
        },
        (error: unknown) => {
          // Not made: the keys it was to catch up with are still to be caught up with.
          if (kept && previous && sets.get(creativeId) === kept) {
            kept.changed ??= new Set();
            for (const key of previous.changed) kept.changed.add(key);
          }
          throw error;
        },
      );
      const settle = () => compiling.delete(creativeId);
      running.then(settle, settle);
      compiling.set(creativeId, running);
      if (kept && meanwhile?.(kept.kept.value)) return kept.kept.value;
      return (await running).value;
    },

    /** How much is kept (for tests and the benchmark). */
    size: () => ({ tags: tags.size, sets: sets.size }),
  };
}
export type ServingCache<TagT, SetT> = ReturnType<typeof createServingCache<TagT, SetT>>;

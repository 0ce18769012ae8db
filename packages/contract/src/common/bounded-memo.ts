/**
 * Remembers `value` under `key` in `memo` and answers it, keeping at most `max` entries: when the
 * memo is full, the entry set longest ago goes. For memos on the hot path whose keys come from
 * outside (time zones judged, a zone's moment of the minute, viewer contexts): cheap to redo once,
 * dear to redo per request, and never to grow without end.
 */
export function remember<K, V>(memo: Map<K, V>, key: K, value: V, max: number): V {
  if (memo.size >= max && !memo.has(key)) memo.delete(memo.keys().next().value as K);
  memo.set(key, value);
  return value;
}

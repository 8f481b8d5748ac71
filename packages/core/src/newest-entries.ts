/**
 * Sets `key` to `value` as the newest entry of `map` (a `Map` iterates in insertion order),
 * then forgets the oldest entries past `limit`: the bound every per-process memory of
 * conversations, compressions and retries keeps, so that no number of callers grows it.
 */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > limit) map.delete(map.keys().next().value as K);
}

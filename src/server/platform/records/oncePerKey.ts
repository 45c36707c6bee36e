/**
 * `load` called once per key for the life of the answer, its promise shared by every caller asking
 * for that key (a read hook's rows sharing one batch or notice read it once, not once a row).
 * Keys compare by String(key), so an id given as 3 or '3' is one read.
 */
export function oncePerKey<K, V>(load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const seen = new Map<string, Promise<V>>();
  return (key) => {
    const k = String(key);
    let p = seen.get(k);
    if (!p) seen.set(k, (p = load(key)));
    return p;
  };
}

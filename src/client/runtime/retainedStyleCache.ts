import { createCache } from '@ant-design/cssinjs';

/**
 * antd's style cache, keeping each component's generated styles after its last instance unmounts.
 * By default the entry is dropped then (its <style> element stays in the page), so every page
 * that mounts a component type the page before did not have builds that type's token and style
 * objects and serialises them again, which took much of each navigation's script time. Kept, a
 * remount reuses them; the set is bounded by component types times themes.
 */
export function retainedStyleCache(): ReturnType<typeof createCache> {
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  cache.opUpdate = (key, valueFn) =>
    update(key, (prev) => {
      const next = valueFn(prev);
      // [mounted instances, value]: at none the library drops the entry; keep its value instead.
      return next === null && prev ? [0, prev[1]] : next;
    });
  return cache;
}

/**
 * The admin's translation overrides (`{ key: 'dotted.path', value }`) laid over a dictionary.
 * Only keys the dictionary has, holding text, are replaced: an override can correct a wording but
 * never add a key or replace a whole section. Pure: returns a new dictionary.
 */
export const applyOverrides = <T extends object>(
  base: T,
  overrides: readonly { key: string; value: string }[],
): T => {
  const copy = structuredClone(base);
  for (const { key, value } of overrides) {
    const path = key.split('.');
    const last = path.pop();
    if (!last || value.trim() === '') continue;
    // Walked as unknown: the dictionary's own type knows no dotted path.
    let node: unknown = copy;
    for (const part of path) {
      node =
        typeof node === 'object' && node !== null && Object.hasOwn(node, part)
          ? Reflect.get(node, part)
          : undefined;
    }
    if (
      typeof node === 'object' &&
      node !== null &&
      Object.hasOwn(node, last) &&
      typeof Reflect.get(node, last) === 'string'
    ) {
      Reflect.set(node, last, value);
    }
  }
  return copy;
};

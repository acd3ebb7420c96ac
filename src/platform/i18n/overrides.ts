/**
 * The admin's translation overrides (`{ key: 'dotted.path', value }`) laid over a dictionary.
 * Only keys the dictionary has, holding text, are replaced: an override can correct a wording but
 * never add a key or replace a whole section. Pure: returns a new dictionary.
 */
type TDictionary = { [key: string]: string | TDictionary };

export const applyOverrides = <T extends object>(
  base: T,
  overrides: readonly { key: string; value: string }[],
): T => {
  const copy = structuredClone(base) as unknown as TDictionary;
  for (const { key, value } of overrides) {
    const path = key.split('.');
    const last = path.pop();
    if (!last || value.trim() === '') continue;
    let node: TDictionary | string | undefined = copy;
    for (const part of path) {
      node = typeof node === 'object' && Object.hasOwn(node, part) ? node[part] : undefined;
    }
    if (node && typeof node === 'object' && Object.hasOwn(node, last) && typeof node[last] === 'string') {
      node[last] = value;
    }
  }
  return copy as unknown as T;
};

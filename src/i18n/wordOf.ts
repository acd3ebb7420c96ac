/** The entries of a dictionary section, each member of a union of sections taken apart. */
export type TEntryOf<B> = B extends unknown ? B[keyof B] : never;

/**
 * A dictionary entry by a key known only at run time (a field's label by its key, a status's word
 * by its value): the section's entry type, or `undefined` where the section has none. Typed by the
 * section, so `wordOf(LL.fields, key)?.()` is a string and a section whose entries take values asks
 * for them. The translation functions answer any key (a missing word reads ''), a plain dictionary
 * (a test's) `undefined`: callers fall back with `||`.
 */
export const wordOf = <B extends object>(book: B | undefined, key: string): TEntryOf<B> | undefined => {
  if (book === undefined || book === null) return undefined;
  // Read through `get`: the translation functions are proxies that make each entry when read.
  const entries: object = book;
  return Reflect.get(entries, key);
};

/**
 * The text of an entry of a section whose entries differ in the values they take (a report's
 * indicators, a compatibility check's reasons): called with `values`, which an entry that needs
 * none ignores; `undefined` where the section has no such entry.
 */
export const wordText = (
  book: object | undefined,
  key: string,
  values?: Readonly<Record<string, unknown>>,
): string | undefined => {
  const entry: unknown = wordOf(book, key);
  return typeof entry === 'function' ? String(entry(values)) : undefined;
};

type TDictionary = { [key: string]: string | TDictionary };

/** Every text of a dictionary as `{ key: 'dotted.path', text }`, in dictionary order. */
export const dictionaryEntries = (dictionary: object, prefix = ''): { key: string; text: string }[] =>
  Object.entries(dictionary as TDictionary).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [{ key: `${prefix}${key}`, text: value }]
      : dictionaryEntries(value, `${prefix}${key}.`),
  );

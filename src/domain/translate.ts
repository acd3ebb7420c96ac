import type { TRouteLocale } from './locale';

// Apart from ZTranslatable (src/domain/translatable.ts): the first page shows translated setup values
// before zod has loaded. The value's shape is written here, so the two files do not import each other.
type TTranslatable = { kh: string; en: string };
/** Accepts the object or a JSON string of it (spec section 3). */
export const translate = (value: TTranslatable | string | null | undefined, locale: TRouteLocale): string => {
  if (value == null) return '';
  let object: Partial<TTranslatable> | null = null;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      object = parsed && typeof parsed === 'object' ? (parsed as Partial<TTranslatable>) : null;
    } catch {
      return value;
    }
    if (!object) return value;
  } else {
    object = value;
  }
  return object[locale] || object.en || object.kh || '';
};

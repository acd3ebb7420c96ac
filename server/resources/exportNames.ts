import type { TRouteLocale } from '../../src/domain/locale';
import type { TTranslatable } from '../../src/domain/translatable';

/** A translatable name in the reader's language ('' for none): `{ name: { kh, en } }` or `{ kh, en }`. */
export const nameIn = (value: unknown, locale: TRouteLocale): string => {
  const named = (value as { name?: TTranslatable | null } | null)?.name ?? (value as TTranslatable | null);
  return named?.[locale] ?? '';
};

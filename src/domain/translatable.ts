import { z } from 'zod';
import type { TRouteLocale } from './locale';

/** A value stored per locale (DESIGN.md section 2): shown in the user's locale, English as fallback. */
export const ZTranslatable = z.object({ kh: z.string(), en: z.string() });
export type TTranslatable = z.infer<typeof ZTranslatable>;

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

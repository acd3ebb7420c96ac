import type { TRouteLocale } from './locale';

/**
 * A person's name as recorded (a child, an applicant): in Khmer script (`kh`) and in Latin letters
 * (`en`), each `family given`, either of them possibly missing.
 */
export type TPersonName = { kh?: string | null; en?: string | null };

const clean = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The name a reader of `locale` sees (issue 22 item 13): in English the Latin one when it is
 * recorded, else the Khmer one; in Khmer the Khmer one, else the Latin one; '' when neither is.
 * The one rule for every screen and for the server's own texts (the work queue's titles).
 */
export const personName = (name: TPersonName | null | undefined, locale: TRouteLocale): string => {
  const khmer = clean(name?.kh);
  const latin = clean(name?.en);
  return locale === 'en' ? latin || khmer : khmer || latin;
};

/**
 * Several people (an application's applicants) as `A & B`, each named by `personName`: a couple
 * where only one has a Latin name reads with that one's Latin name and the other's Khmer one.
 * Accepts one name too, and anything else as nobody (a row's value is not trusted to be a list).
 */
export const peopleNames = (names: unknown, locale: TRouteLocale): string => {
  const list = Array.isArray(names) ? names : names && typeof names === 'object' ? [names] : [];
  return list
    .map((name) => personName(name as TPersonName, locale))
    .filter(Boolean)
    .join(' & ');
};

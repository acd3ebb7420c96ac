import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * A person's whole name in one script as the duplicate check compares it (issue 35) with pg_trgm's
 * `similarity`. Empty names give ' ', which no name is similar to.
 */
export const duplicateNameKey = (family: PgColumn, given: PgColumn): SQL =>
  sql`(coalesce(${family}, '') || ' ' || coalesce(${given}, ''))`;

/**
 * A given name as the duplicate check's indexes hold it (migration 0029: btree on the sex, this
 * key and the date of birth): Khmer as written, Latin letters in lower case, both trimmed. It finds
 * a record whose date is within a year of an estimated one, or a name typed before any date, among
 * the few of that sex and given name: a trigram index cannot narrow common names (130,000 children
 * called Sok share every trigram of the family name; docs/performance.md, issue 35).
 * `duplicateGivenKey.kh(x)` is the very expression of the index; the engine compares it with the
 * value `givenKeyOf` makes in JS.
 */
export const duplicateGivenKey = {
  kh: (given: PgColumn): SQL => sql`(coalesce(trim(${given}), ''))`,
  en: (given: PgColumn): SQL => sql`(lower(coalesce(trim(${given}), '')))`,
};

/** The key a given name is looked up by, as `duplicateGivenKey` makes it in SQL; null when empty. */
export const givenKeyOf = (given: unknown, script: 'kh' | 'en'): string | null => {
  const trimmed = typeof given === 'string' ? given.trim() : '';
  if (trimmed === '') return null;
  return script === 'en' ? trimmed.toLowerCase() : trimmed;
};

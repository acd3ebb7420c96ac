import en from './en';
import type { Locales } from './i18n-types';
import km from './km';
import { signedInSections } from './signedInSections';

type TSections = Record<string, unknown>;

const pick = (book: Record<string, unknown>): TSections =>
  Object.fromEntries(signedInSections.map((name) => [name, book[name]]));

/**
 * The signed-in sections of both dictionaries. As written it picks them from the dictionaries (the
 * tests and the dev server use it so); the client build replaces this module with the sections
 * alone (scripts/build/dictionarySections.ts), so it carries neither whole dictionary.
 */
const signedInWords: Record<Locales, TSections> = { km: pick(km), en: pick(en) };

export default signedInWords;

import en from './en';
import type { Locales } from './i18n-types';
import km from './km';
import { screenSections } from './signedInSections';

type TSections = Record<string, unknown>;

const pick = (book: Record<string, unknown>): TSections =>
  Object.fromEntries(screenSections.map((name) => [name, book[name]]));

/**
 * The sections of screens other than the home page, both dictionaries. As written it picks them from
 * the dictionaries (the tests and the dev server use it so); the client build replaces this module
 * with the sections alone (scripts/build/dictionarySections.ts).
 */
const screenWords: Record<Locales, TSections> = { km: pick(km), en: pick(en) };

export default screenWords;

import type { TranslationFunctions } from '../i18n/i18n-types';
import { matchingStatuses, type TMatchingStatus } from './workflows/matching.workflow';

/** The names of a matching's statuses and actions in one dictionary, for screens and server texts. */
export const matchingStatusText = (t: TranslationFunctions, status: string): string =>
  (matchingStatuses as readonly string[]).includes(status)
    ? t.options.status[status as TMatchingStatus]()
    : status;

type TActionKey = keyof TranslationFunctions['areas']['matching']['workflow']['actions'];

/** `confirm-adoption` → `confirmAdoption`; an unknown name is told as it is. */
export const matchingActionText = (t: TranslationFunctions, action: string): string => {
  const key = action.replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase()) as TActionKey;
  return t.areas.matching.workflow.actions[key]?.() ?? action;
};

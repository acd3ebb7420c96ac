import type { TranslationFunctions } from '../i18n/i18n-types';
import { parentStatuses, type TParentStatus } from './workflows/parent.workflow';

/**
 * The names of an application's statuses and actions in one dictionary, for the screens and for
 * the server's own texts (the export, the 409 message): the same words everywhere.
 */
export const parentStatusText = (t: TranslationFunctions, status: string): string =>
  (parentStatuses as readonly string[]).includes(status)
    ? t.options.status[status as TParentStatus]()
    : status;

type TActionKey = keyof TranslationFunctions['areas']['parent']['workflow']['actions'];

/** `accept-parents-adoption` → `acceptParentsAdoption`; system events keep their names (`MATCHED`). */
export const parentActionText = (t: TranslationFunctions, action: string): string => {
  const key = action.replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase()) as TActionKey;
  return t.areas.parent.workflow.actions[key]?.() ?? action;
};

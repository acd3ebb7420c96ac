import type { TranslationFunctions } from '../i18n/i18n-types';
import { camelCaseKey } from './camelCaseKey';
import { parentStatuses, type TParentStatus } from './workflows/parent.workflow';

/**
 * The names of an application's statuses and actions in one dictionary, for the screens and for
 * the server's own texts (the export, the 409 message): the same words everywhere.
 */
export const parentStatusText = (t: TranslationFunctions, status: string): string =>
  (parentStatuses as readonly string[]).includes(status)
    ? t.options.status[status as TParentStatus]()
    : status;

type TActionKey = keyof TranslationFunctions['parentStatus']['actions'];

/** `accept-parents-adoption` → `acceptParentsAdoption`; system events keep their names (`MATCHED`). */
export const parentActionText = (t: TranslationFunctions, action: string): string => {
  const key = camelCaseKey(action) as TActionKey;
  return t.parentStatus.actions[key]?.() ?? action;
};

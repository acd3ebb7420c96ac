import type { TranslationFunctions } from '../i18n/i18n-types';
import { serviceStatuses, type TServiceStatus } from './workflows/service.workflow';

/** The names of a service's statuses and actions in one dictionary, for screens and server texts. */
export const serviceStatusText = (t: TranslationFunctions, status: string): string =>
  (serviceStatuses as readonly string[]).includes(status)
    ? t.options.status[status as TServiceStatus]()
    : status;

type TActionKey = keyof TranslationFunctions['areas']['service']['workflow']['actions'];

/** `confirm-service` → `confirmService`; an unknown name is told as it is. */
export const serviceActionText = (t: TranslationFunctions, action: string): string => {
  const key = action.replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase()) as TActionKey;
  return t.areas.service.workflow.actions[key]?.() ?? action;
};

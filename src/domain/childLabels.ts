import type { TranslationFunctions } from '../i18n/i18n-types';
import type { TChildActionName } from './childStatus';
import { isChildStatus } from './childStatus';

/**
 * The names of a child's statuses, sexes and actions in one dictionary, for the screens and for the
 * server's own texts (the export, the 409 message): the same words everywhere.
 */
export const childStatusText = (t: TranslationFunctions, status: string): string =>
  isChildStatus(status) ? t.options.status[status]() : status;

export const childSexText = (t: TranslationFunctions, sex: string): string =>
  sex === 'male' || sex === 'female' ? t.options.sex[sex]() : sex;

/** `confirm-adoption` → `confirmAdoption`, the key of `childStatus.actions`. */
const actionKey = (action: TChildActionName) =>
  action.replace(/-(\w)/g, (_match, letter: string) =>
    letter.toUpperCase(),
  ) as keyof TranslationFunctions['areas']['child']['workflow']['actions'];

export const childActionText = (t: TranslationFunctions, action: TChildActionName): string =>
  (t.areas.child.workflow.actions[actionKey(action)] as (() => string) | undefined)?.() ?? action;

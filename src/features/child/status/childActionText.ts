import { camelCaseKey } from '@/domain/camelCaseKey';
import { childRegisteredAction } from '@/domain/childStatus';
import type { TranslationFunctions } from '@/i18n/i18n-types';

type TActionKey = keyof TranslationFunctions['childStatus']['actions'];

/** 'Confirm adoption'... in the language of `LL`; an action it does not know (a matching's) as is. */
export const childActionLabel = (LL: TranslationFunctions, action: string): string => {
  if (action === childRegisteredAction) return LL.childHistory.registered();
  if (action === 'MATCHED' || action === 'MATCHING_COMPLETED' || action === 'MATCHING_REJECTED')
    return LL.childHistory[action]();
  const label = LL.childStatus.actions[camelCaseKey(action) as TActionKey] as (() => string) | undefined;
  return label?.() || action;
};

/** The sentence under a dialog's title: what the action does to the child. */
export const childActionIntro = (LL: TranslationFunctions, action: string, name: string): string =>
  LL.childStatus.intros[camelCaseKey(action) as TActionKey]({ name });

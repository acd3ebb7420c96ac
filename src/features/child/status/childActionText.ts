import { childRegisteredAction } from '@/domain/childStatus';
import type { TranslationFunctions } from '@/i18n/i18n-types';

type TActionKey = keyof TranslationFunctions['areas']['child']['workflow']['actions'];

/** The dictionary key of an action (`confirm-adoption` -> `confirmAdoption`), for LL.areas.child.workflow.*. */
export const childActionKey = (action: string): string =>
  action.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** 'Confirm adoption'... in the language of `LL`; an action it does not know (a matching's) as is. */
export const childActionLabel = (LL: TranslationFunctions, action: string): string => {
  if (action === childRegisteredAction) return LL.areas.child.workflow.actions.register();
  if (action === 'MATCHED' || action === 'MATCHING_COMPLETED' || action === 'MATCHING_REJECTED')
    return LL.areas.child.workflow.actions[action]();
  const label = LL.areas.child.workflow.actions[childActionKey(action) as TActionKey] as
    | (() => string)
    | undefined;
  return label?.() || action;
};

/** The sentence under a dialog's title: what the action does to the child. */
export const childActionIntro = (LL: TranslationFunctions, action: string, name: string): string =>
  LL.areas.child.workflow.intros[
    childActionKey(action) as keyof TranslationFunctions['areas']['child']['workflow']['intros']
  ]({ name });

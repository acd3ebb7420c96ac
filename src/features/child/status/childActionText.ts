import { childRegisteredAction, type TChildActionName } from '@/domain/childStatus';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { childActionKey } from './visibleChildActions';

type TActionKey = keyof TranslationFunctions['childStatus']['actions'];

/** 'Confirm adoption'... in the language of `LL`; an action it does not know (a matching's) as is. */
export const childActionLabel = (LL: TranslationFunctions, action: string): string => {
  if (action === childRegisteredAction) return LL.childHistory.registered();
  const label = LL.childStatus.actions[childActionKey(action) as TActionKey] as (() => string) | undefined;
  return label?.() || action;
};

/** The sentence under a dialog's title: what the action does to the child. */
export const childActionIntro = (LL: TranslationFunctions, action: TChildActionName, name: string): string =>
  LL.childStatus.intros[childActionKey(action) as TActionKey]({ name });

/** The icon of each action, on its button and in the palette. */
export const childActionIcons: Record<TChildActionName, string> = {
  'confirm-adoption': 'check',
  'unconfirmed-adoption': 'chevronsLeft',
  'long-term': 'home',
  international: 'globe',
  're-adoption': 'refresh',
};

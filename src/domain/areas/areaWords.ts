import type { TranslationFunctions } from '../../i18n/i18n-types';
import { wordOf, wordText } from '../../i18n/wordOf';
import { camelCaseKey } from '../camelCaseKey';
import type { TAreaName } from '.';
import type { TAreaDefinition } from './area';

type TWord = () => string;

/**
 * The shape every area's words have in the dictionaries (`areas.<name>`, issue 23): what the
 * generic engines read by the area's name. Beside these, an area keeps the words only its own
 * screens say (a child's family, a matching's board...).
 */
export type TAreaWords = {
  /** The palette's app-wide commands: 'New …' and 'Find … by name or code'. */
  commands: { new: TWord; find: TWord };
  /** The record pages' toolbar, keys and paper (src/components/record/showLayout.ts `TShowTexts`); 'Edit' and 'Print' are `record.*`. */
  show: {
    loading: TWord;
    editRecord: TWord;
    printRecord: TWord;
    paperTitle: TWord;
    printedOn: (values: { date: string }) => string;
    recordActions: TWord;
    keyboardHint: TWord;
    printHint: TWord;
  };
  /** Its workflow's words, when it has one. */
  workflow?: {
    /** By the action's key (`confirm-adoption` → `confirmAdoption`); system events by their name. */
    actions: Record<string, TWord>;
    /** The sentence under an action's dialog title, per action, or one for every action (`intro`). */
    intros?: Record<string, (values: { name: string }) => string>;
    intro?: (values: { name: string }) => string;
    /** A dialog field's label by its key; else the record's field of that name. */
    fields?: Record<string, TWord>;
    /** The accessible name of the actions' group; else the show page's `recordActions`. */
    actionsLabel?: TWord;
  };
  /** A status's name, where the area names it itself; else `options.status`. */
  statuses?: Record<string, TWord>;
};

// Every area of the list has its words in this shape: a dictionary that drifts fails to compile.
const shapeCheck = (LL: TranslationFunctions): Record<TAreaName, TAreaWords> => LL.areas;
void shapeCheck;

/**
 * An area's words in the language of `LL`. Looked up by name, so an area the dictionaries do not
 * know (a test's) brings its own words in the `LL` it is given.
 */
export const areaWords = (LL: TranslationFunctions, area: Pick<TAreaDefinition, 'name'>): TAreaWords =>
  wordOf<Record<string, TAreaWords>>(LL.areas, area.name) as TAreaWords;

// A word missing from a partly loaded dictionary reads '' (typesafe-i18n's fallback): `||` goes on.
const word = (found: (() => string) | undefined): string => (typeof found === 'function' ? found() : '');

/** 'Confirm adoption'... as the area names the action; an action it does not know is told as it is. */
export const areaActionText = (LL: TranslationFunctions, area: TAreaDefinition, action: string): string =>
  word(areaWords(LL, area)?.workflow?.actions[camelCaseKey(action)]) || action;

/** The sentence under an action's dialog title, for the record named `name`. */
export const areaIntroText = (
  LL: TranslationFunctions,
  area: TAreaDefinition,
  action: string,
  name: string,
): string => {
  const workflow = areaWords(LL, area)?.workflow;
  const intro = workflow?.intros?.[camelCaseKey(action)] ?? workflow?.intro;
  return typeof intro === 'function' ? intro({ name }) : '';
};

/**
 * A dialog field's label: the area's own, else what a dialog asks beyond a record's fields (a
 * justification: its word differs from the record field's in Khmer), else the record field's.
 */
export const areaFieldText = (LL: TranslationFunctions, area: TAreaDefinition, key: string): string =>
  word(areaWords(LL, area)?.workflow?.fields?.[key]) ||
  wordText(LL.workflowNeeds, key) ||
  word(wordOf(LL.fields, key)) ||
  key;

/** The accessible name of the area's actions. */
export const areaActionsLabel = (LL: TranslationFunctions, area: TAreaDefinition): string => {
  const words = areaWords(LL, area);
  return word(words?.workflow?.actionsLabel) || word(words?.show.recordActions);
};

/** A status's name: the area's own word, else the statuses' shared words; one not of the area as it is. */
export const areaStatusText = (LL: TranslationFunctions, area: TAreaDefinition, status: string): string => {
  if (area.statuses && !Object.hasOwn(area.statuses, status)) return status;
  return word(areaWords(LL, area)?.statuses?.[status]) || word(wordOf(LL.options.status, status)) || status;
};

/** A status's badge tone; one not of the area is slate. */
export const areaStatusTone = (area: TAreaDefinition, status: string) =>
  (area.statuses && Object.hasOwn(area.statuses, status) ? area.statuses[status] : undefined) ?? 'slate';

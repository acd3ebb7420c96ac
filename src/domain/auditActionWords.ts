import type { TranslationFunctions } from '../i18n/i18n-types';
import { wordOf } from '../i18n/wordOf';
import type { TAreaDefinition } from './areas/area';
import { areaActionText } from './areas/areaWords';

/**
 * An audit entry's action in words without the workflows' tables (src/domain/auditWords.ts holds
 * those for the audit screen's filter): what the home page's recent changes need, kept light so
 * the home page does not load every workflow.
 */

/** Actions the engines and the record pages write besides the workflows' (a photo, one's profile). */
export const ownActions = [
  'create',
  'update',
  'delete',
  'upload-photo',
  'remove-photo',
  'profile',
  // the duplicate check's (issue 35, server/duplicates)
  'notDuplicate',
  'merge',
  'mergedInto',
] as const;
export type TOwnAction = (typeof ownActions)[number];

export const isOwnAction = (action: string): action is TOwnAction =>
  (ownActions as readonly string[]).includes(action);

export const ownActionText = (t: TranslationFunctions, action: TOwnAction): string => {
  switch (action) {
    case 'upload-photo':
      return t.audit.uploadPhoto();
    case 'remove-photo':
      return t.audit.removePhoto();
    case 'profile':
      return t.audit.profile();
    case 'notDuplicate':
      return t.audit.notDuplicate();
    case 'merge':
      return t.audit.merge();
    case 'mergedInto':
      return t.audit.mergedInto();
    default:
      return t.options.action[action]();
  }
};

/** A record's action as its area names it (a workflow step, a system event) or as the engines do. */
export const recordActionText = (t: TranslationFunctions, area: TAreaDefinition, action: string): string =>
  isOwnAction(action) ? ownActionText(t, action) : areaActionText(t, area, action);

/** A record type in words (`post_adoption_services` → 'Service after adoption'). */
export const auditEntityText = (t: TranslationFunctions, entity: string): string =>
  wordOf(t.options.entity, entity)?.() || entity;

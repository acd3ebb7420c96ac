import type { TranslationFunctions } from '../i18n/i18n-types';
import { wordOf } from '../i18n/wordOf';
import { areaActionText, areaStatusText } from './areas/areaWords';
import { childArea } from './areas/child.area';
import { matchingArea } from './areas/matching.area';
import { parentArea } from './areas/parent.area';
import { serviceArea } from './areas/service.area';
import { isOwnAction, ownActions, ownActionText } from './auditActionWords';
import { formatDate, formatInstant } from './dateFormat';
import { settingsInOrder, systemSettingSections } from './settings/systemSettingSections';
import { childSystemEventTypes, childWorkflowActions } from './workflows/child.workflow';
import { matchingWorkflowActions } from './workflows/matching.workflow';
import { parentSystemEventTypes, parentWorkflowActions } from './workflows/parent.workflow';
import { serviceWorkflowActions } from './workflows/service.workflow';

/**
 * An audit entry in the reader's words (the audit screen and its export, issue 22): its action
 * named as its record type's workflow names it, its record type, and what a workflow step or a
 * settings change changed. The workflows' own action tables and label functions give the names.
 */

type TWords = (t: TranslationFunctions, value: string) => string;

/** The record types with a workflow: their actions (a person's and the system's) and their words. */
const workflowsByEntity: Record<string, { actions: readonly string[]; action: TWords; status: TWords }> = {
  child_infos: {
    actions: [...Object.keys(childWorkflowActions), ...childSystemEventTypes],
    action: (t, action) =>
      (childSystemEventTypes as readonly string[]).includes(action)
        ? t.areas.child.workflow.actions[action as (typeof childSystemEventTypes)[number]]()
        : areaActionText(t, childArea, action as keyof typeof childWorkflowActions),
    status: (t, value) => areaStatusText(t, childArea, value),
  },
  parent_infos: {
    actions: [...Object.keys(parentWorkflowActions), ...parentSystemEventTypes],
    action: (t, value) => areaActionText(t, parentArea, value),
    status: (t, value) => areaStatusText(t, parentArea, value),
  },
  adoptive_matchings: {
    actions: Object.keys(matchingWorkflowActions),
    action: (t, value) => areaActionText(t, matchingArea, value),
    status: (t, value) => areaStatusText(t, matchingArea, value),
  },
  post_adoption_services: {
    actions: Object.keys(serviceWorkflowActions),
    action: (t, value) => areaActionText(t, serviceArea, value),
    status: (t, value) => areaStatusText(t, serviceArea, value),
  },
};

/** Every action an audit entry can carry: the action filter offers these. */
export const auditActionValues: readonly string[] = [
  ...new Set([...ownActions, ...Object.values(workflowsByEntity).flatMap((workflow) => workflow.actions)]),
];

/**
 * An action in words: as the record type's workflow names it; without a record type (the filter),
 * every workflow's name for it, once each ('Confirm adoption' is the child's and the matching's).
 */
export const auditActionText = (t: TranslationFunctions, action: string, entity?: string): string => {
  if (isOwnAction(action)) return ownActionText(t, action);
  const workflows = entity
    ? [workflowsByEntity[entity]].filter(Boolean)
    : Object.values(workflowsByEntity).filter((workflow) => workflow.actions.includes(action));
  const names = [...new Set(workflows.map((workflow) => workflow.action(t, action)))];
  return names.filter((name) => name !== action).join(' / ') || action;
};

/** Each setting's description, from the sections the application and the areas register. */
const settingByKey = new Map(settingsInOrder(systemSettingSections));

/** A setting's value as its page shows it (a switch on or off, four-eyes; a list or an object compactly). */
const settingValueText = (t: TranslationFunctions, key: string, value: unknown): string => {
  if (value === undefined || value === null || value === '') return '—';
  const field = settingByKey.get(key)?.field;
  if (field?.input === 'switch') return value === true ? field.on(t) : field.off(t);
  if (typeof value === 'boolean') return value ? t.options.boolean.yes() : t.options.boolean.no();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const settingName = (t: TranslationFunctions, key: string): string => settingByKey.get(key)?.label(t) ?? key;

/** The fields an update changed, by their labels (a setting by its name on the settings page). */
export const auditChangesText = (t: TranslationFunctions, entity: string, changes: unknown): string => {
  if (typeof changes !== 'string' || !changes) return '';
  return changes
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean)
    .map((key) => (entity === 'system_settings' ? settingName(t, key) : wordOf(t.fields, key)?.() || key))
    .join(', ');
};

/**
 * What the server tells of an entry beyond its action (server/modules/security/auditBinding.ts):
 * a workflow step's statuses and what it carried, or the settings a change changed, each as
 * [before, after].
 */
export type TAuditDetails = {
  from?: string | null;
  to?: string | null;
  payload?: Record<string, unknown> | null;
  values?: Record<string, [unknown, unknown]> | null;
};

/** What an entry changed in words: 'Pending → Accepted · 02-03-2026 · the reason', 'Four eyes: On → Off'. */
export const auditDetailsText = (t: TranslationFunctions, entity: string, details: unknown): string => {
  if (!details || typeof details !== 'object') return '';
  const { from, to, payload, values } = details as TAuditDetails;
  const parts: string[] = [];
  const status = workflowsByEntity[entity]?.status;
  if (to) {
    const word = (value: string) => (status ? status(t, value) : value);
    parts.push(from ? t.audit.statusChange({ from: word(from), to: word(to) }) : word(to));
  }
  if (payload && typeof payload === 'object') {
    if (typeof payload.date === 'string') parts.push(t.audit.onDate({ date: formatDate(payload.date) }));
    if (typeof payload.approvedUntil === 'string')
      parts.push(t.audit.approvedUntil({ date: formatDate(payload.approvedUntil) }));
    if (typeof payload.reason === 'string' && payload.reason)
      parts.push(t.audit.reason({ reason: payload.reason }));
  }
  if (values && typeof values === 'object') {
    for (const [key, [before, after]] of Object.entries(values))
      parts.push(
        t.audit.settingChange({
          name: settingName(t, key),
          from: settingValueText(t, key, before),
          to: settingValueText(t, key, after),
        }),
      );
  }
  return parts.join(' · ');
};

/** The entry's instant as lists show it (dd-mm-yyyy HH:mm where the programme works). */
export const auditInstantText = (at: unknown): string => formatInstant(at);

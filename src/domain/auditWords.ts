import type { TranslationFunctions } from '../i18n/i18n-types';
import { wordOf } from '../i18n/wordOf';
import { areaByName } from './areas';
import type { TAreaDefinition } from './areas/area';
import { areaActionText, areaStatusText } from './areas/areaWords';
import { isOwnAction, ownActions, ownActionText } from './auditActionWords';
import { formatDate, formatInstant } from './dateFormat';
import { settingsInOrder, systemSettingSections } from './settings/systemSettingSections';
import { allWorkflows, workflows } from './workflows';
import type { TWorkflowDefinition } from './workflows/workflow';

/**
 * An audit entry in the reader's words (the audit screen and its export, issue 22): its action
 * named as its record type's workflow names it, its record type, and what a workflow step or a
 * settings change changed. The workflows (src/domain/workflows/index.ts) give the actions, their
 * areas the record types and the words (`areas.<name>.workflow.actions`, statuses).
 */

/** A record type with a workflow: its area and every action an entry of it can carry (a person's and the system's). */
type TAuditedWorkflow = { area: TAreaDefinition; actions: readonly string[] };

const auditedWorkflowsOf = (list: readonly TWorkflowDefinition[]): Map<string, TAuditedWorkflow> =>
  new Map(
    list.flatMap((workflow) => {
      const area = areaByName(workflow.name);
      return area
        ? [
            [
              area.entity,
              { area, actions: [...Object.keys(workflow.actions), ...workflow.systemEvents] },
            ] as const,
          ]
        : [];
    }),
  );

// Read for every row of an export: made again only when a workflow was registered (a test's).
let known: { list: readonly TWorkflowDefinition[]; byEntity: Map<string, TAuditedWorkflow> } | undefined;
const workflowsByEntity = (): Map<string, TAuditedWorkflow> => {
  const list = allWorkflows();
  if (known?.list.length !== list.length) known = { list, byEntity: auditedWorkflowsOf(list) };
  return known.byEntity;
};

/** Every action an audit entry of these workflows can carry: the action filter offers these. */
export const auditActionValuesOf = (list: readonly TWorkflowDefinition[]): readonly string[] => [
  ...new Set([
    ...ownActions,
    ...[...auditedWorkflowsOf(list).values()].flatMap((workflow) => workflow.actions),
  ]),
];

/** Every action an audit entry can carry: the action filter offers these. */
export const auditActionValues: readonly string[] = auditActionValuesOf(workflows);

/**
 * An action in words: as the record type's workflow names it; without a record type (the filter),
 * every workflow's name for it, once each ('Confirm adoption' is the child's and the matching's).
 */
export const auditActionText = (t: TranslationFunctions, action: string, entity?: string): string => {
  if (isOwnAction(action)) return ownActionText(t, action);
  const byEntity = workflowsByEntity();
  const found = entity
    ? [byEntity.get(entity)]
    : [...byEntity.values()].filter((workflow) => workflow.actions.includes(action));
  const names = [
    ...new Set(found.flatMap((workflow) => (workflow ? [areaActionText(t, workflow.area, action)] : []))),
  ];
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
  const area = workflowsByEntity().get(entity)?.area;
  if (to) {
    const word = (value: string) => (area ? areaStatusText(t, area, value) : value);
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

import { validateWithLabels } from '@/components/form/formErrors';
import {
  type TChildFamilyInput,
  type TChildParent,
  type TChildSibling,
  type TNameScript,
  type TParentVitalStatus,
  ZChildFamilyInput,
} from '@/domain/childFamily';
import type { TChildSex } from '@/domain/resources/child';
import type { TRuleMessages } from '@/domain/rules';

/**
 * The family editor's state and what it sends. The editor holds plain strings (what inputs hold);
 * `familyBody` turns them into the API's body (trimmed, empty optional parts as null), which the
 * same zod schema as the server's checks before anything is sent.
 */

export type TParentRole = 'father' | 'mother';

export type TParentDraft = {
  familyName: string;
  givenName: string;
  nameScript: TNameScript | '';
  vitalStatus: TParentVitalStatus | '';
  dateOfBirth: string;
  occupation: string;
  address: string;
  phone: string;
};

export type TSiblingDraft = {
  /** Only for React's list keys and focus: never sent. */
  key: string;
  name: string;
  sex: TChildSex | '';
  dateOfBirth: string;
  livingWith: string;
  notes: string;
};

/** null: the parent is not recorded (unknown, or not entered yet). */
export type TFamilyDraft = {
  father: TParentDraft | null;
  mother: TParentDraft | null;
  siblings: TSiblingDraft[];
  contactNotes: string;
};

/** The family as `GET /child-infos/family/{id}` answers it. */
export type TChildFamily = {
  id: number;
  childId: number;
  father: TChildParent | null;
  mother: TChildParent | null;
  siblings: TChildSibling[];
  contactNotes: string | null;
  version: number;
  updatedAt: string;
};

export const emptyParentDraft = (): TParentDraft => ({
  familyName: '',
  givenName: '',
  nameScript: '',
  vitalStatus: '',
  dateOfBirth: '',
  occupation: '',
  address: '',
  phone: '',
});

let siblingSequence = 0;
export const newSiblingKey = () => {
  siblingSequence += 1;
  return `sibling-${siblingSequence}`;
};

export const emptySiblingDraft = (): TSiblingDraft => ({
  key: newSiblingKey(),
  name: '',
  sex: '',
  dateOfBirth: '',
  livingWith: '',
  notes: '',
});

export const emptyFamilyDraft = (): TFamilyDraft => ({
  father: null,
  mother: null,
  siblings: [],
  contactNotes: '',
});

const parentDraftOf = (parent: TChildParent | null): TParentDraft | null =>
  parent
    ? {
        familyName: parent.familyName,
        givenName: parent.givenName,
        nameScript: parent.nameScript ?? '',
        vitalStatus: parent.vitalStatus,
        dateOfBirth: parent.dateOfBirth ?? '',
        occupation: parent.occupation ?? '',
        address: parent.address ?? '',
        phone: parent.phone ?? '',
      }
    : null;

/** The editor's state for a stored family (or an empty one when none is recorded). */
export const familyDraftOf = (family: TChildFamily | null): TFamilyDraft =>
  family
    ? {
        father: parentDraftOf(family.father),
        mother: parentDraftOf(family.mother),
        siblings: family.siblings.map((sibling) => ({
          key: newSiblingKey(),
          name: sibling.name,
          sex: sibling.sex,
          dateOfBirth: sibling.dateOfBirth ?? '',
          livingWith: sibling.livingWith ?? '',
          notes: sibling.notes ?? '',
        })),
        contactNotes: family.contactNotes ?? '',
      }
    : emptyFamilyDraft();

/** Trimmed text, or null when nothing is left (an optional part not known). */
const optional = (value: string): string | null => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

const parentBody = (parent: TParentDraft): TChildParent =>
  ({
    familyName: parent.familyName.trim(),
    givenName: parent.givenName.trim(),
    nameScript: parent.nameScript || null,
    // Not chosen: left out, so the check says 'required' rather than 'not valid'.
    ...(parent.vitalStatus ? { vitalStatus: parent.vitalStatus } : {}),
    dateOfBirth: parent.dateOfBirth || null,
    occupation: optional(parent.occupation),
    address: optional(parent.address),
    phone: optional(parent.phone),
  }) as TChildParent;

const siblingBody = (sibling: TSiblingDraft): TChildSibling =>
  ({
    name: sibling.name.trim(),
    ...(sibling.sex ? { sex: sibling.sex } : {}),
    dateOfBirth: sibling.dateOfBirth || null,
    livingWith: optional(sibling.livingWith),
    notes: optional(sibling.notes),
  }) as TChildSibling;

/**
 * The POST body (PATCH adds `version`): every part is sent, so a PATCH replaces the whole family
 * with what the editor shows (a parent taken away is sent as null, which clears it).
 */
export const familyBody = (draft: TFamilyDraft): Required<TChildFamilyInput> => ({
  father: draft.father ? parentBody(draft.father) : null,
  mother: draft.mother ? parentBody(draft.mother) : null,
  siblings: draft.siblings.map(siblingBody),
  contactNotes: optional(draft.contactNotes),
});

/** Nothing recorded at all: no parent, no sibling, no notes. */
export const isFamilyBodyEmpty = (body: Required<TChildFamilyInput>): boolean =>
  body.father === null && body.mother === null && body.siblings.length === 0 && body.contactNotes === null;

/** Whether the editor differs from what was loaded (keys of siblings aside). */
export const familyChanged = (draft: TFamilyDraft, initial: TFamilyDraft): boolean =>
  JSON.stringify(familyBody(draft)) !== JSON.stringify(familyBody(initial));

/** What the save sends for the family, from what is stored and what the editor holds. */
export type TFamilyWrite =
  | { kind: 'none' }
  | { kind: 'create'; body: TChildFamilyInput }
  | { kind: 'update'; body: TChildFamilyInput & { version: number } }
  | { kind: 'remove'; version: number };

/**
 * POST when the child has no family yet (and something was entered), PATCH with the stored
 * version when it has one. A caseworker who clears everything (no parent, no sibling, no notes)
 * removes the record with DELETE (version-checked): the child then shows 'No family recorded',
 * which is what the file says, rather than an empty record that looks like a known family.
 */
export const familyWrite = (
  stored: Pick<TChildFamily, 'version'> | null,
  draft: TFamilyDraft,
  changed: boolean,
): TFamilyWrite => {
  const body = familyBody(draft);
  const empty = isFamilyBodyEmpty(body);
  if (!stored) return empty ? { kind: 'none' } : { kind: 'create', body };
  if (!changed) return { kind: 'none' };
  if (empty) return { kind: 'remove', version: stored.version };
  return { kind: 'update', body: { ...body, version: stored.version } };
};

/** The message of each failed field, by path (`father.familyName`, `siblings.2.name`, `contactNotes`). */
export type TFamilyErrors = Record<string, string>;

const flatten = (node: unknown, prefix: string, into: TFamilyErrors) => {
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (typeof record.message === 'string' && typeof record.type === 'string') {
    into[prefix] = record.message;
    return;
  }
  for (const [key, child] of Object.entries(record)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
};

/** The dates of birth a family names, by path, for the 'not in the future' check. */
const datesOf = (body: Required<TChildFamilyInput>): [string, string | null | undefined][] => [
  ['father.dateOfBirth', body.father?.dateOfBirth],
  ['mother.dateOfBirth', body.mother?.dateOfBirth],
  ...body.siblings.map((sibling, index): [string, string | null | undefined] => [
    `siblings.${index}.dateOfBirth`,
    sibling.dateOfBirth,
  ]),
];

/**
 * Checks the editor with the server's schema (messages worded with each field's label) and, like
 * the server, refuses a date of birth after `today` (yyyy-mm-dd). Empty when the family may be sent.
 */
export const familyErrors = (
  draft: TFamilyDraft,
  labelOf: (path: string) => string,
  messages: TRuleMessages & { dateFuture: (params: { label: string }) => string },
  today: string,
): TFamilyErrors => {
  const body = familyBody(draft);
  const errors: TFamilyErrors = {};
  flatten(validateWithLabels(ZChildFamilyInput, body, labelOf, messages), '', errors);
  for (const [path, date] of datesOf(body)) {
    if (date && date > today && !errors[path]) errors[path] = messages.dateFuture({ label: labelOf(path) });
  }
  return errors;
};

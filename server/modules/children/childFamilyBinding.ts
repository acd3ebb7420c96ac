import { z } from 'zod';
import { childArea } from '../../../src/domain/areas/child.area';
import {
  familyDatesInFuture,
  type TChildFamilyInput,
  type TChildFamilyUpdate,
  ZChildFamilyInput,
  ZChildFamilyUpdate,
  ZChildParent,
  ZChildSibling,
} from '../../../src/domain/childFamily';
import { childFamilies, childInfos } from '../../db/schema';
import type { THouseholdBinding } from '../../household/binding';
import { childInParams } from './childScope';

const ZChildFamily = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  father: ZChildParent.nullable(),
  mother: ZChildParent.nullable(),
  siblings: z.array(ZChildSibling),
  contactNotes: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});

/**
 * A child's family: parents and siblings (issue 5; spec section 7: `/child-infos/family/{id}`, the
 * CHILD's id; a child has at most one family record), on the household engine. Every write needs
 * `adoptive_children:update`, removing the record too: the family is part of the child's file that a
 * caseworker edits, like removing a document, whereas `adoptive_children:delete` deletes the child.
 */
export const childFamilyBinding: THouseholdBinding<TChildFamilyInput, TChildFamilyUpdate> = {
  path: `${childArea.apiBase}/family`,
  tag: 'child',
  owner: { table: childInfos, id: childInfos.id, officeColumn: childInfos.headOfficeId },
  table: childFamilies,
  columns: { id: childFamilies.id, owner: childFamilies.childId, version: childFamilies.version },
  selection: {
    id: childFamilies.id,
    childId: childFamilies.childId,
    father: childFamilies.father,
    mother: childFamilies.mother,
    siblings: childFamilies.siblings,
    contactNotes: childFamilies.contactNotes,
    version: childFamilies.version,
    updatedAt: childFamilies.updatedAt,
  },
  schemas: { answer: ZChildFamily, create: ZChildFamilyInput, update: ZChildFamilyUpdate },
  readPermission: 'adoptive_children:read',
  writePermission: 'adoptive_children:update',
  // The birth family is the child's origins: sealed once its adoption is completed (issue 27).
  config: { childOf: childInParams, origins: true },
  auditEntity: 'child_family',
  existsMessage: 'childFamilyExists',
  datesAfter: familyDatesInFuture,
  createValues: (childId, body) => ({
    childId,
    father: body.father ?? null,
    mother: body.mother ?? null,
    siblings: body.siblings ?? [],
    contactNotes: body.contactNotes ?? null,
  }),
  updateValues: (changes) => changes,
  removable: true,
  summaries: {
    get: "The child's family, or null while none is recorded",
    post: "Record the child's family (409 when it is already recorded: PATCH it)",
    patch: "Change the child's family: the parts sent replace the stored ones; stale version gets 409",
    delete: "Remove the child's family record (optional ?version= refuses a stale removal with 409)",
  },
};

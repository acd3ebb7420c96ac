import { parentArea } from '../../../src/domain/areas/parent.area';
import {
  type TParentFamilyInput,
  ZParentFamily,
  ZParentFamilyInput,
  ZParentFamilyUpdate,
} from '../../../src/domain/parentFamily';
import { parentFamilies, parentInfos } from '../../db/schema';
import type { THouseholdBinding } from '../../household/binding';

/**
 * An application's household (spec section 7: GET, POST, PATCH `/parent-infos/family/{id}`, the
 * application's id), on the household engine. Writes need `adoptive_parents:update`, like the
 * application's own edit; out of the user's office the application does not exist.
 */
export const parentHouseholdBinding: THouseholdBinding<
  TParentFamilyInput,
  TParentFamilyInput & { version: number }
> = {
  path: `${parentArea.apiBase}/family`,
  tag: 'parent infos',
  owner: { table: parentInfos, id: parentInfos.id, officeColumn: parentInfos.headOfficeId },
  table: parentFamilies,
  columns: { id: parentFamilies.id, owner: parentFamilies.parentId, version: parentFamilies.version },
  selection: {
    id: parentFamilies.id,
    parentId: parentFamilies.parentId,
    members: parentFamilies.members,
    version: parentFamilies.version,
    updatedAt: parentFamilies.updatedAt,
  },
  schemas: { answer: ZParentFamily, create: ZParentFamilyInput, update: ZParentFamilyUpdate },
  readPermission: 'adoptive_parents:read',
  writePermission: 'adoptive_parents:update',
  auditEntity: 'parent_family',
  existsMessage: 'parentFamilyExists',
  // Each member born after today, named by its place in the list.
  datesAfter: ({ members = [] }, today) =>
    members.flatMap((member, index) =>
      member.dateOfBirth && member.dateOfBirth > today ? [`members.${index}.dateOfBirth`] : [],
    ),
  createValues: (parentId, body) => ({ parentId, members: body.members }),
  updateValues: ({ members }) => ({ members }),
  summaries: {
    get: "The application's household, or null while none is recorded",
    post: "Record the application's household (409 when it is already recorded: PATCH it)",
    patch:
      "Change the application's household: the members sent replace the stored ones; a stale version gets 409",
  },
};

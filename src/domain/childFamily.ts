import { z } from 'zod';
import { childSexes } from './resources/child';
import { isoDay, optionalText, recordVersion, requiredText } from './rules';

/**
 * A child's family (DESIGN.md section 5 'Child family'): father and mother, siblings and contact
 * notes. One record per child, edited from the child's file; the client form and the server route
 * validate with these schemas.
 */

export const parentVitalStatuses = ['alive', 'deceased', 'unknown'] as const;
export type TParentVitalStatus = (typeof parentVitalStatuses)[number];

/** The script a parent's name is written in (a parent has one name, often known in only one script). */
export const nameScripts = ['khmer', 'latin'] as const;
export type TNameScript = (typeof nameScripts)[number];

/** Siblings kept on one record: a large family still fits, a runaway client does not. */
export const childSiblingsMax = 20;

/** A calendar day, yyyy-mm-dd (an impossible date such as 2026-02-30 is refused). */
const ZIsoDay = isoDay();
/** Digits, spaces, +, -, parentheses: what people write phone numbers with. */
const ZPhone = optionalText(30).refine((value) => /^[0-9+()\-\s]*$/.test(value));

// Optional texts take null too: an edit clears a value by sending null.
export const ZChildParent = z
  .object({
    familyName: requiredText(100),
    givenName: requiredText(100),
    nameScript: z.enum(nameScripts).nullable().optional(),
    vitalStatus: z.enum(parentVitalStatuses),
    dateOfBirth: ZIsoDay.nullable().optional(),
    occupation: optionalText(200).nullable().optional(),
    address: optionalText(500).nullable().optional(),
    phone: ZPhone.nullable().optional(),
  })
  .strict();
export type TChildParent = z.infer<typeof ZChildParent>;

export const ZChildSibling = z
  .object({
    name: requiredText(200),
    sex: z.enum(childSexes),
    dateOfBirth: ZIsoDay.nullable().optional(),
    /** Free text ("with the grandmother in Takeo"): a sibling's situation rarely fits a list. */
    livingWith: optionalText(200).nullable().optional(),
    notes: optionalText(1000).nullable().optional(),
  })
  .strict();
export type TChildSibling = z.infer<typeof ZChildSibling>;

const familyShape = {
  /** null or absent: not known (or not recorded yet). */
  father: ZChildParent.nullable().optional(),
  mother: ZChildParent.nullable().optional(),
  siblings: z.array(ZChildSibling).max(childSiblingsMax).optional(),
  contactNotes: optionalText(2000).nullable().optional(),
};

/** POST body: every part optional (a caseworker records what is known); absent siblings mean none. */
export const ZChildFamilyInput = z.object(familyShape).strict();
export type TChildFamilyInput = z.infer<typeof ZChildFamilyInput>;

/** PATCH body: the parts sent replace the stored ones (null removes a parent); `version` is required. */
export const ZChildFamilyUpdate = z.object({ ...familyShape, version: recordVersion() }).strict();
export type TChildFamilyUpdate = z.infer<typeof ZChildFamilyUpdate>;

/**
 * The fields holding a date after `today` (yyyy-mm-dd), named as the form names them
 * (`father.dateOfBirth`, `siblings.dateOfBirth`): nobody in a family is born in the future.
 */
export const familyDatesInFuture = (family: Partial<TChildFamilyInput>, today: string): string[] => {
  const fields: string[] = [];
  for (const parent of ['father', 'mother'] as const) {
    const date = family[parent]?.dateOfBirth;
    if (date && date > today) fields.push(`${parent}.dateOfBirth`);
  }
  if (family.siblings?.some((sibling) => sibling.dateOfBirth && sibling.dateOfBirth > today)) {
    fields.push('siblings.dateOfBirth');
  }
  return fields;
};

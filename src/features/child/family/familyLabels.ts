import type { TranslationFunctions } from '@/i18n/i18n-types';

/** The words of a family field, keyed by the last part of its path (`siblings.2.name` -> name). */
const fieldWords = (LL: TranslationFunctions): Record<string, () => string> => {
  const words = LL.areas.child.family;
  return {
    father: words.father,
    mother: words.mother,
    familyName: words.familyName,
    givenName: words.givenName,
    nameScript: words.nameScript,
    vitalStatus: words.vitalStatus,
    dateOfBirth: words.dateOfBirth,
    occupation: words.occupation,
    address: words.address,
    phone: words.phone,
    siblings: words.siblings,
    name: words.name,
    sex: words.sex,
    livingWith: words.livingWith,
    notes: words.notes,
    contactNotes: words.contactNotes,
  };
};

/**
 * The label a family field's message starts with. The message shows under its field, inside the
 * father's, mother's or sibling's own box, so the field's own word is enough ('Given name is required.').
 */
export const familyLabelOf =
  (LL: TranslationFunctions) =>
  (path: string): string => {
    const last =
      path
        .split('.')
        .filter((part) => !/^\d+$/.test(part))
        .pop() ?? path;
    return fieldWords(LL)[last]?.() ?? last;
  };

/** The element id of a family field (`father.familyName` -> `family-father-familyName`). */
export const familyFieldId = (path: string) => `family-${path.replaceAll('.', '-')}`;

import { childArea } from '../../../src/domain/areas/child.area';
import type { TImportBinding } from '../../upload/importBinding';
import { childBinding } from './childBinding';

/** Children from a workbook (issue 25): the child form's fields, places and lists by code or name. */
export const childImport: TImportBinding = {
  name: childArea.imports.resource,
  binding: childBinding,
  sheetTitle: { kh: 'កុមារ', en: 'Children' },
  references: {
    birthProvinceId: 'provinces',
    birthDistrictId: 'districts',
    birthCommuneId: 'communes',
    birthVillageId: 'villages',
    nationalityId: 'countries',
    headOfficeId: 'headOffices',
    keepingReasonId: 'keeping_reasons',
    livingWithId: 'living_with',
    familyTypeId: 'family_types',
    healthStatusId: 'health_status',
    disabilityIds: 'child_disabilities',
  },
  // The same child: both names, sex, date of birth, in the same office.
  identity: [
    'familyNameKh',
    'givenNameKh',
    'familyNameEn',
    'givenNameEn',
    'sex',
    'dateOfBirth',
    'headOfficeId',
  ],
  duplicateKind: 'child',
  duplicateScreen: { sex: 'sex', dateOfBirth: 'dateOfBirth', estimated: 'dateOfBirthEstimated' },
};

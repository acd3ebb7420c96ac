import { parentArea } from '../../../src/domain/areas/parent.area';
import type { TImportBinding } from '../../upload/importBinding';
import { parentBinding } from './parentBinding';

/** Parent applications from a workbook (issue 25): the application form's fields, places and lists by code or name. */
export const parentImport: TImportBinding = {
  name: parentArea.imports.resource,
  binding: parentBinding,
  sheetTitle: { kh: 'ពាក្យស្នើសុំរបស់ឪពុកម្ដាយ', en: 'Parent applications' },
  references: {
    provinceId: 'provinces',
    districtId: 'districts',
    communeId: 'communes',
    villageId: 'villages',
    applicant1NationalityId: 'countries',
    applicant2NationalityId: 'countries',
    headOfficeId: 'headOffices',
    acceptedDisabilityIds: 'child_disabilities',
  },
  // The same application: the first applicant's names and date of birth, its date, in the same office.
  identity: [
    'applicant1FamilyNameKh',
    'applicant1GivenNameKh',
    'applicant1FamilyNameEn',
    'applicant1GivenNameEn',
    'applicant1DateOfBirth',
    'applicationDate',
    'headOfficeId',
  ],
  duplicateKind: 'parent',
};

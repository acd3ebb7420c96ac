import type { THeadOfficeClass } from '../../../src/domain/resources/headOffice';
import type { TTranslatable } from '../../../src/domain/translatable';
import { provinceSeed } from './provinces';

/** Starting organisations, departments, positions and head offices; administrators rename and add. */
export type TOrganizationSeed = { code: string; name: TTranslatable };
export type TDepartmentSeed = { code: string; name: TTranslatable; organizationCode: string };
export type TPositionSeed = { code: string; name: TTranslatable; departmentCode: string };
export type THeadOfficeSeed = {
  code: string;
  name: TTranslatable;
  class: THeadOfficeClass;
  provinceCode: string;
};

const mosvy = 'MOSVY';
const interior = 'MOI';
const childCouncil = 'CNCC';

export const organizationSeed: TOrganizationSeed[] = [
  {
    code: mosvy,
    name: {
      kh: 'ក្រសួងសង្គមកិច្ច អតីតយុទ្ធជន និងយុវនីតិសម្បទា',
      en: 'Ministry of Social Affairs, Veterans and Youth Rehabilitation',
    },
  },
  // Civil registration and identity documents of the child.
  { code: interior, name: { kh: 'ក្រសួងមហាផ្ទៃ', en: 'Ministry of Interior' } },
  {
    code: childCouncil,
    name: { kh: 'ក្រុមប្រឹក្សាជាតិកម្ពុជាដើម្បីកុមារ', en: 'Cambodian National Council for Children' },
  },
];

export const departmentSeed: TDepartmentSeed[] = [
  {
    code: 'MOSVY-CW',
    name: { kh: 'នាយកដ្ឋានសុខុមាលភាពកុមារ', en: 'Department of Child Welfare' },
    organizationCode: mosvy,
  },
  {
    code: 'MOSVY-SW',
    name: { kh: 'នាយកដ្ឋានសុខុមាលភាពសង្គម', en: 'Department of Social Welfare' },
    organizationCode: mosvy,
  },
  {
    code: 'MOSVY-ADM',
    name: { kh: 'នាយកដ្ឋានរដ្ឋបាល', en: 'Department of Administration' },
    organizationCode: mosvy,
  },
  {
    code: 'MOSVY-FIN',
    name: { kh: 'នាយកដ្ឋានហិរញ្ញវត្ថុ', en: 'Department of Finance' },
    organizationCode: mosvy,
  },
  {
    code: 'MOI-GDI',
    name: { kh: 'អគ្គនាយកដ្ឋានអត្តសញ្ញាណកម្ម', en: 'General Department of Identification' },
    organizationCode: interior,
  },
  {
    code: 'CNCC-GS',
    name: { kh: 'អគ្គលេខាធិការដ្ឋាន', en: 'General Secretariat' },
    organizationCode: childCouncil,
  },
];

type TPositionTitle = { suffix: string; name: TTranslatable };

const director: TPositionTitle = { suffix: 'DIR', name: { kh: 'ប្រធាននាយកដ្ឋាន', en: 'Director' } };
const deputyDirector: TPositionTitle = {
  suffix: 'DDIR',
  name: { kh: 'អនុប្រធាននាយកដ្ឋាន', en: 'Deputy Director' },
};
const chiefOfOffice: TPositionTitle = {
  suffix: 'CHIEF',
  name: { kh: 'ប្រធានការិយាល័យ', en: 'Chief of Office' },
};
const deputyChiefOfOffice: TPositionTitle = {
  suffix: 'DCHIEF',
  name: { kh: 'អនុប្រធានការិយាល័យ', en: 'Deputy Chief of Office' },
};
const officer: TPositionTitle = { suffix: 'OFF', name: { kh: 'មន្ត្រី', en: 'Officer' } };
const caseworker: TPositionTitle = { suffix: 'CW', name: { kh: 'អ្នកគ្រប់គ្រងករណី', en: 'Caseworker' } };
const directorGeneral: TPositionTitle = { suffix: 'DG', name: { kh: 'អគ្គនាយក', en: 'Director General' } };
const deputyDirectorGeneral: TPositionTitle = {
  suffix: 'DDG',
  name: { kh: 'អគ្គនាយករង', en: 'Deputy Director General' },
};
const secretaryGeneral: TPositionTitle = {
  suffix: 'SG',
  name: { kh: 'អគ្គលេខាធិការ', en: 'Secretary General' },
};
const deputySecretaryGeneral: TPositionTitle = {
  suffix: 'DSG',
  name: { kh: 'អគ្គលេខាធិការរង', en: 'Deputy Secretary General' },
};

const departmentTitles = [director, deputyDirector, chiefOfOffice, deputyChiefOfOffice, officer];

const titlesByDepartment: Record<string, TPositionTitle[]> = {
  'MOSVY-CW': [...departmentTitles, caseworker],
  'MOSVY-SW': [...departmentTitles, caseworker],
  'MOSVY-ADM': departmentTitles,
  'MOSVY-FIN': departmentTitles,
  'MOI-GDI': [directorGeneral, deputyDirectorGeneral, director, deputyDirector, chiefOfOffice, officer],
  'CNCC-GS': [secretaryGeneral, deputySecretaryGeneral, chiefOfOffice, officer],
};

/** Position code: the department code and the title's suffix, e.g. `MOSVY-CW-DIR`. */
export const positionSeed: TPositionSeed[] = departmentSeed.flatMap((department) =>
  (titlesByDepartment[department.code] ?? []).map((title) => ({
    code: `${department.code}-${title.suffix}`,
    name: title.name,
    departmentCode: department.code,
  })),
);

const phnomPenhCode = '12';
const departmentName = {
  kh: 'មន្ទីរសង្គមកិច្ច អតីតយុទ្ធជន និងយុវនីតិសម្បទា',
  en: 'Department of Social Affairs, Veterans and Youth Rehabilitation',
};

/** The ministry's national office and one provincial department per province, `HO-<province code>`. */
export const headOfficeSeed: THeadOfficeSeed[] = [
  {
    code: 'HO-00',
    name: organizationSeed[0].name,
    class: 'national',
    provinceCode: phnomPenhCode,
  },
  ...provinceSeed.map((province) => ({
    code: `HO-${province.code}`,
    // Phnom Penh is the capital (រាជធានី), every other province a ខេត្ត.
    name:
      province.code === phnomPenhCode
        ? {
            kh: `${departmentName.kh}រាជធានី${province.name.kh}`,
            en: `${departmentName.en} of ${province.name.en} Capital`,
          }
        : {
            kh: `${departmentName.kh}ខេត្ត${province.name.kh}`,
            en: `Provincial ${departmentName.en} of ${province.name.en}`,
          },
    class: 'provincial' as const,
    provinceCode: province.code,
  })),
];

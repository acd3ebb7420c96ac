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

/** A department as one line of data: its code, its organisation and its name in Khmer and English. */
type TDepartmentRow = [code: string, organizationCode: string, kh: string, en: string];

const departmentRows: TDepartmentRow[] = [
  ['MOSVY-CW', mosvy, 'នាយកដ្ឋានសុខុមាលភាពកុមារ', 'Department of Child Welfare'],
  ['MOSVY-SW', mosvy, 'នាយកដ្ឋានសុខុមាលភាពសង្គម', 'Department of Social Welfare'],
  ['MOSVY-ADM', mosvy, 'នាយកដ្ឋានរដ្ឋបាល', 'Department of Administration'],
  ['MOSVY-FIN', mosvy, 'នាយកដ្ឋានហិរញ្ញវត្ថុ', 'Department of Finance'],
  ['MOI-GDI', interior, 'អគ្គនាយកដ្ឋានអត្តសញ្ញាណកម្ម', 'General Department of Identification'],
  ['CNCC-GS', childCouncil, 'អគ្គលេខាធិការដ្ឋាន', 'General Secretariat'],
];

export const departmentSeed: TDepartmentSeed[] = departmentRows.map(([code, organizationCode, kh, en]) => ({
  code,
  name: { kh, en },
  organizationCode,
}));

type TPositionTitle = { suffix: string; name: TTranslatable };

/** A position title from its code suffix and its name in Khmer and English. */
const title = (suffix: string, kh: string, en: string): TPositionTitle => ({ suffix, name: { kh, en } });

const director = title('DIR', 'ប្រធាននាយកដ្ឋាន', 'Director');
const deputyDirector = title('DDIR', 'អនុប្រធាននាយកដ្ឋាន', 'Deputy Director');
const chiefOfOffice = title('CHIEF', 'ប្រធានការិយាល័យ', 'Chief of Office');
const deputyChiefOfOffice = title('DCHIEF', 'អនុប្រធានការិយាល័យ', 'Deputy Chief of Office');
const officer = title('OFF', 'មន្ត្រី', 'Officer');
const caseworker = title('CW', 'អ្នកគ្រប់គ្រងករណី', 'Caseworker');
const directorGeneral = title('DG', 'អគ្គនាយក', 'Director General');
const deputyDirectorGeneral = title('DDG', 'អគ្គនាយករង', 'Deputy Director General');
const secretaryGeneral = title('SG', 'អគ្គលេខាធិការ', 'Secretary General');
const deputySecretaryGeneral = title('DSG', 'អគ្គលេខាធិការរង', 'Deputy Secretary General');

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

import type { TChildSex } from '../../../src/domain/resources/child';

/**
 * Names and texts of the demo children (`npm run seed:demo`, server/modules/children/demoChildren.ts): common Cambodian
 * family and given names in Khmer script with the Latin spelling families usually use on documents.
 * Demo data only: never seeded at a normal start.
 */
export type TDemoName = { kh: string; en: string };

const name = (kh: string, en: string): TDemoName => ({ kh, en });

export const demoFamilyNames: readonly TDemoName[] = [
  name('សុខ', 'Sok'),
  name('ចាន់', 'Chan'),
  name('គឹម', 'Kim'),
  name('ហេង', 'Heng'),
  name('លី', 'Ly'),
  name('ស៊ុន', 'Sun'),
  name('ម៉ៅ', 'Mao'),
  name('ឈឹម', 'Chhim'),
  name('ពៅ', 'Pov'),
  name('យឹម', 'Yim'),
  name('កែវ', 'Keo'),
  name('ជា', 'Chea'),
  name('ទេព', 'Tep'),
  name('សេង', 'Seng'),
  name('ឡុង', 'Long'),
  name('ព្រំ', 'Prum'),
  name('ខៀវ', 'Khiev'),
  name('អ៊ុំ', 'Um'),
  name('នួន', 'Nuon'),
  name('ប៊ុន', 'Bun'),
  name('ម៉ម', 'Mom'),
  name('ស្វាយ', 'Svay'),
  name('ឱក', 'Ouk'),
  name('ផល', 'Phal'),
  name('ឃុន', 'Khun'),
  name('ទូច', 'Touch'),
  name('ឯក', 'Ek'),
  name('ស៊ឹម', 'Sim'),
  name('ពេជ្រ', 'Pich'),
  name('សំ', 'Sam'),
];

export const demoGivenNames: Record<TChildSex, readonly TDemoName[]> = {
  female: [
    name('សុភា', 'Sophea'),
    name('ស្រីនាង', 'Sreyneang'),
    name('ចាន់ធា', 'Chantha'),
    name('សុគន្ធា', 'Sokunthea'),
    name('ស្រីពៅ', 'Sreypov'),
    name('ធីតា', 'Thida'),
    name('ចន្ទ្រា', 'Chantrea'),
    name('រ៉ានី', 'Rany'),
    name('ស្រីមុំ', 'Sreymom'),
    name('បុប្ផា', 'Bopha'),
    name('ម៉ាលីស', 'Malis'),
    name('ស្រីល័ក្ខ', 'Sreyleak'),
    name('លក្ខិណា', 'Leakhena'),
    name('សុធារី', 'Sotheary'),
    name('ដាលីន', 'Dalin'),
    name('គន្ធា', 'Kunthea'),
    name('ពិសី', 'Pisey'),
    name('ចរិយា', 'Chariya'),
    name('សុវណ្ណារី', 'Sovannary'),
    name('ស្រីណុច', 'Sreynoch'),
    name('រចនា', 'Rachana'),
    name('វណ្ណី', 'Vanny'),
  ],
  male: [
    name('ដារ៉ា', 'Dara'),
    name('វណ្ណា', 'Vanna'),
    name('ពិសិដ្ឋ', 'Piseth'),
    name('សុវណ្ណ', 'Sovann'),
    name('វិចិត្រ', 'Vichet'),
    name('សំណាង', 'Samnang'),
    name('វុទ្ធី', 'Vuthy'),
    name('សុផល', 'Sophal'),
    name('បញ្ញា', 'Panha'),
    name('វិសាល', 'Visal'),
    name('រិទ្ធី', 'Rithy'),
    name('កុសល', 'Kosal'),
    name('ចំរើន', 'Chamroeun'),
    name('មករា', 'Makara'),
    name('វឌ្ឍនា', 'Vathana'),
    name('សម្បត្តិ', 'Sambath'),
    name('ធារ៉ា', 'Theara'),
    name('ណារ៉ុង', 'Narong'),
    name('វាសនា', 'Veasna'),
    name('សុខា', 'Sokha'),
    name('រតនា', 'Rathana'),
    name('បូរ៉ា', 'Bora'),
  ],
};

/** Caseworkers' notes, in Khmer as they write them. */
export const demoNotes: readonly string[] = [
  'កុមារមានសុខភាពល្អ និងកំពុងរៀននៅសាលាបឋមសិក្សា។',
  'កុមារចូលចិត្តគូររូប និងលេងជាមួយមិត្តភក្តិ។',
  'ត្រូវការការតាមដានពីអ្នកគ្រប់គ្រងករណីរៀងរាល់ខែ។',
  'មានបងប្អូនបង្កើតម្នាក់ស្នាក់នៅមណ្ឌលដដែល។',
  'ជីដូនមកសួរសុខទុក្ខម្ដងម្កាល។',
  'កុមាររៀនពូកែ ហើយចង់ក្លាយជាគ្រូបង្រៀន។',
  'សំបុត្រកំណើតកំពុងស្នើសុំពីរដ្ឋបាលឃុំ។',
];

/** Health notes for a child with a disability or an illness. */
export const demoHealthNotes: readonly string[] = [
  'ត្រូវការការពិនិត្យសុខភាពជាប្រចាំនៅមន្ទីរពេទ្យខេត្ត។',
  'កំពុងទទួលការព្យាបាលដោយឥតគិតថ្លៃ។',
  'ត្រូវការឧបករណ៍ជំនួយក្នុងការធ្វើដំណើរ។',
  'ត្រូវការអាហារូបត្ថម្ភបន្ថែម។',
];

/** Reasons of the status actions that need one (long-term, international, re-adoption). */
export const demoReasons = {
  longTerm: ['កុមារត្រូវការការថែទាំរយៈពេលវែងនៅមណ្ឌល។', 'កុមារសុំស្នាក់នៅជាមួយបងប្អូនបង្កើតរបស់ខ្លួន។'],
  international: ['បានបញ្ជូនទៅកម្មវិធីសុំកុមារធម៌អន្តរប្រទេស។'],
  reAdoption: ['កុមារត្រឡប់មកកម្មវិធីសុំកុមារធម៌ក្នុងប្រទេសវិញ។'],
} as const;

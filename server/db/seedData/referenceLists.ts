import type { TTranslatable } from '../../../src/domain/translatable';
import type { TReferenceListName } from '../schema/reference';

type TItem = { code: string; name: TTranslatable };

/** Starting values of the reference lists; administrators add and rename items later. */
export const referenceListSeed: Record<TReferenceListName, TItem[]> = {
  family_types: [
    { code: 'nuclear', name: { kh: 'គ្រួសារស្នូល', en: 'Nuclear family' } },
    { code: 'extended', name: { kh: 'គ្រួសារពង្រីក', en: 'Extended family' } },
    { code: 'single_parent', name: { kh: 'គ្រួសារមានឪពុក ឬម្ដាយតែម្នាក់', en: 'Single-parent family' } },
    { code: 'kinship', name: { kh: 'គ្រួសារសាច់ញាតិ', en: 'Kinship family' } },
    { code: 'foster', name: { kh: 'គ្រួសារអុបត្ថម្ភ', en: 'Foster family' } },
    { code: 'none', name: { kh: 'គ្មានគ្រួសារ', en: 'No family' } },
  ],
  living_with: [
    { code: 'parents', name: { kh: 'ឪពុកម្ដាយ', en: 'Parents' } },
    { code: 'one_parent', name: { kh: 'ឪពុក ឬម្ដាយ', en: 'One parent' } },
    { code: 'relatives', name: { kh: 'សាច់ញាតិ', en: 'Relatives' } },
    { code: 'foster_family', name: { kh: 'គ្រួសារអុបត្ថម្ភ', en: 'Foster family' } },
    { code: 'care_centre', name: { kh: 'មណ្ឌលថែទាំកុមារ', en: 'Residential care centre' } },
    { code: 'pagoda', name: { kh: 'វត្ត', en: 'Pagoda' } },
  ],
  keeping_reasons: [
    { code: 'orphaned', name: { kh: 'កុមារកំព្រា', en: 'Orphaned' } },
    { code: 'abandoned', name: { kh: 'ត្រូវបានបោះបង់ចោល', en: 'Abandoned' } },
    { code: 'parents_unable', name: { kh: 'ឪពុកម្ដាយមិនអាចថែទាំបាន', en: 'Parents unable to care' } },
    { code: 'abuse_neglect', name: { kh: 'ការរំលោភបំពាន ឬការធ្វេសប្រហែស', en: 'Abuse or neglect' } },
    { code: 'poverty', name: { kh: 'ភាពក្រីក្រ', en: 'Poverty' } },
    { code: 'parent_imprisoned', name: { kh: 'ឪពុក ឬម្ដាយជាប់ពន្ធនាគារ', en: 'Parent imprisoned' } },
  ],
  child_disabilities: [
    { code: 'physical', name: { kh: 'ពិការភាពរាងកាយ', en: 'Physical disability' } },
    { code: 'visual', name: { kh: 'ពិការភាពភ្នែក', en: 'Visual impairment' } },
    { code: 'hearing', name: { kh: 'ពិការភាពត្រចៀក', en: 'Hearing impairment' } },
    { code: 'speech', name: { kh: 'ពិការភាពការនិយាយ', en: 'Speech impairment' } },
    { code: 'intellectual', name: { kh: 'ពិការភាពបញ្ញា', en: 'Intellectual disability' } },
    { code: 'multiple', name: { kh: 'ពិការភាពច្រើនប្រភេទ', en: 'Multiple disabilities' } },
  ],
  health_status: [
    { code: 'good', name: { kh: 'សុខភាពល្អ', en: 'Good health' } },
    { code: 'fair', name: { kh: 'សុខភាពមធ្យម', en: 'Fair health' } },
    { code: 'chronic_illness', name: { kh: 'ជំងឺរ៉ាំរ៉ៃ', en: 'Chronic illness' } },
    { code: 'needs_treatment', name: { kh: 'ត្រូវការការព្យាបាល', en: 'Needs treatment' } },
    { code: 'malnourished', name: { kh: 'កង្វះអាហារូបត្ថម្ភ', en: 'Malnourished' } },
  ],
};

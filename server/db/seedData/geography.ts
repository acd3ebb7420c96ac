import type { TTranslatable } from '../../../src/domain/translatable';

/**
 * Starting places below the provinces, for Phnom Penh ('12') and Kandal ('08') only: every khan and
 * district, and a sample of communes (sangkat/khum) with some of their villages (phum). Codes, Khmer
 * names and Latin names are those of the national gazetteer (NCDD, as republished by the `pumi`
 * project); the Latin spelling is the gazetteer's own, odd spellings included, and names are bare
 * (no ខណ្ឌ/ស្រុក/ក្រុង prefix), like the provinces. Only communes whose code did not move in the
 * 2019 (Phnom Penh) and 2022 (Kandal) reorganisations are sampled. Administrators add the rest.
 */
export type TPlaceSeed = { code: string; name: TTranslatable; parentCode: string };

const place = (code: string, kh: string, en: string, parentCode: string): TPlaceSeed => ({
  code,
  name: { kh, en },
  parentCode,
});

/** Villages of one commune: the village code is the commune code and a two-digit number. */
const villagesOf = (communeCode: string, villages: [number: string, kh: string, en: string][]) =>
  villages.map(([number, kh, en]) => place(`${communeCode}${number}`, kh, en, communeCode));

const phnomPenh = '12';
const kandal = '08';

export const districtSeed: TPlaceSeed[] = [
  // Phnom Penh: the 14 khans.
  place('1201', 'ចំការមន', 'Chamkar Mon', phnomPenh),
  place('1202', 'ដូនពេញ', 'Doun Penh', phnomPenh),
  place('1203', '៧មករា', 'Prampir Meakkakra', phnomPenh),
  place('1204', 'ទួលគោក', 'Tuol Kouk', phnomPenh),
  place('1205', 'ដង្កោ', 'Dangkao', phnomPenh),
  place('1206', 'មានជ័យ', 'Mean Chey', phnomPenh),
  place('1207', 'ឫស្សីកែវ', 'Russey Keo', phnomPenh),
  place('1208', 'សែនសុខ', 'Saensokh', phnomPenh),
  place('1209', 'ពោធិ៍សែនជ័យ', 'Pur SenChey', phnomPenh),
  place('1210', 'ជ្រោយចង្វារ', 'Chraoy Chongvar', phnomPenh),
  place('1211', 'ព្រែកព្នៅ', 'Praek Pnov', phnomPenh),
  place('1212', 'ច្បារអំពៅ', 'Chbar Ampov', phnomPenh),
  place('1213', 'បឹងកេងកង', 'Boeng Keng Kang', phnomPenh),
  place('1214', 'កំបូល', 'Kamboul', phnomPenh),
  // Kandal: ten districts and three municipalities (Sampeou Poun and Akreiy Ksatr since 2022).
  place('0801', 'កណ្ដាលស្ទឹង', 'Kandal Stueng', kandal),
  place('0802', 'កៀនស្វាយ', 'Kien Svay', kandal),
  place('0803', 'ខ្សាច់កណ្ដាល', 'Khsach Kandal', kandal),
  place('0804', 'កោះធំ', 'Kaoh Thum', kandal),
  place('0805', 'លើកដែក', 'Leuk Daek', kandal),
  place('0806', 'ល្វាឯម', 'Lvea Aem', kandal),
  place('0807', 'មុខកំពូល', 'Mukh Kampul', kandal),
  place('0808', 'អង្គស្នួល', 'Angk Snuol', kandal),
  place('0809', 'ពញាឮ', 'Ponhea Lueu', kandal),
  place('0810', 'ស្អាង', "S'ang", kandal),
  place('0811', 'តាខ្មៅ', 'Ta Khmau', kandal),
  place('0812', 'សំពៅពូន', 'Sampeou Poun', kandal),
  place('0813', 'អរិយក្សត្រ', 'Akreiy Ksatr', kandal),
];

export const communeSeed: TPlaceSeed[] = [
  // Chamkar Mon
  place('120101', 'ទន្លេបាសាក់', 'Tonle Basak', '1201'),
  place('120109', 'ទួលទំពូងទី ២', 'Tuol Tumpung Ti Pir', '1201'),
  place('120110', 'ទួលទំពូងទី ១', 'Tuol Tumpung Ti Muoy', '1201'),
  place('120111', 'បឹងត្របែក', 'Boeng Trabaek', '1201'),
  // Doun Penh
  place('120201', 'ផ្សារថ្មីទី ១', 'Phsar Thmei Ti Muoy', '1202'),
  place('120202', 'ផ្សារថ្មីទី ២', 'Phsar Thmei Ti Pir', '1202'),
  place('120203', 'ផ្សារថ្មីទី ៣', 'Phsar Thmei Ti Bei', '1202'),
  place('120204', 'បឹងរាំង', 'Boeng Reang', '1202'),
  // Chraoy Chongvar
  place('121001', 'ជ្រោយចង្វារ', 'Chrouy Changvar', '1210'),
  place('121002', 'ព្រែកលៀប', 'Preaek Lieb', '1210'),
  place('121003', 'ព្រែកតាសេក', 'Preaek Ta Sek', '1210'),
  place('121004', 'កោះដាច់', 'Kaoh Dach', '1210'),
  place('121005', 'បាក់ខែង', 'Bak Kaeng', '1210'),
  // Praek Pnov
  place('121101', 'ព្រែកព្នៅ', 'Preaek Phnov', '1211'),
  place('121102', 'ពញាពន់', 'Ponhea Pon', '1211'),
  place('121103', 'សំរោង', 'Samraong', '1211'),
  place('121104', 'គោករកា', 'Kouk Roka', '1211'),
  place('121105', 'ពន្សាំង', 'Ponsang', '1211'),
  // Kandal Stueng
  place('080104', 'បឹងខ្យាង', 'Boeng Khyang', '0801'),
  place('080105', 'ជើងកើប', 'Cheung Kaeub', '0801'),
  place('080107', 'កណ្ដោក', 'Kandaok', '0801'),
  place('080108', 'ថ្មី', 'Thmei', '0801'),
  // Kien Svay
  place('080202', 'ឈើទាល', 'Chheu Teal', '0802'),
  place('080204', 'កំពង់ស្វាយ', 'Kampong Svay', '0802'),
  place('080208', 'ភូមិធំ', 'Phum Thum', '0802'),
  place('080211', 'សំរោងធំ', 'Samraong Thum', '0802'),
  // Ponhea Lueu
  place('080901', 'ឈ្វាំង', 'Chhveang', '0809'),
  place('080902', 'ជ្រៃលាស់', 'Chrey Loas', '0809'),
  place('080903', 'កំពង់ហ្លួង', 'Kampong Luong', '0809'),
  place('080906', 'ភ្នំបាត', 'Phnum Bat', '0809'),
  // Ta Khmau
  place('081104', 'តាខ្មៅ', 'Ta Khmao', '0811'),
  place('081106', 'កំពង់សំណាញ់', 'Kampong Samnanh', '0811'),
  place('081109', 'សិត្បូ', 'Setbou', '0811'),
];

export const villageSeed: TPlaceSeed[] = [
  // Chamkar Mon
  ...villagesOf('120101', [
    ['01', 'ភូមិ ១', 'Phum 1'],
    ['02', 'ភូមិ ២', 'Phum 2'],
    ['03', 'ភូមិ ៣', 'Phum 3'],
  ]),
  ...villagesOf('120109', [
    ['01', 'ភូមិ ១', 'Phum 1'],
    ['02', 'ភូមិ ២', 'Phum 2'],
    ['03', 'ភូមិ ៣', 'Phum 3'],
  ]),
  ...villagesOf('120110', [
    ['01', 'ភូមិ ១', 'Phum 1'],
    ['02', 'ភូមិ ២', 'Phum 2'],
    ['03', 'ភូមិ ៣', 'Phum 3'],
  ]),
  ...villagesOf('120111', [
    ['01', 'ភូមិ ១', 'Phum 1'],
    ['02', 'ភូមិ ២', 'Phum 2'],
    ['03', 'ភូមិ ៣', 'Phum 3'],
  ]),
  // Doun Penh
  ...villagesOf('120201', [
    ['01', 'ភូមិ ១', 'Phum 1'],
    ['02', 'ភូមិ ២', 'Phum 2'],
    ['03', 'ភូមិ ៣', 'Phum 3'],
  ]),
  ...villagesOf('120202', [
    ['01', 'ភូមិ ១', 'Phum 1'],
    ['02', 'ភូមិ ២', 'Phum 2'],
    ['03', 'ភូមិ ៣', 'Phum 3'],
  ]),
  ...villagesOf('120203', [
    ['01', 'ភូមិ ១', 'Phum 1'],
    ['02', 'ភូមិ ២', 'Phum 2'],
    ['03', 'ភូមិ ៣', 'Phum 3'],
  ]),
  ...villagesOf('120204', [
    ['01', 'ភូមិ ១', 'Phum 1'],
    ['02', 'ភូមិ ២', 'Phum 2'],
    ['03', 'ភូមិ ៣', 'Phum 3'],
  ]),
  // Chraoy Chongvar
  ...villagesOf('121001', [
    ['01', 'ភូមិ ១', 'Phum 1'],
    ['02', 'ភូមិ ២', 'Phum 2'],
    ['03', 'ភូមិ ៣', 'Phum 3'],
    ['04', 'ដើមគរ', 'Daeum Kor'],
    ['05', 'គៀនឃ្លាំង', 'Kien Khleang'],
  ]),
  ...villagesOf('121002', [
    ['01', 'គៀនឃ្លាំង', 'Kien Khleang'],
    ['02', 'ព្រែកលៀប', 'Preaek Lieb'],
    ['03', 'បាក់ខែង', 'Bak Khaeng'],
    ['04', 'ខ្ទរ', 'Khtor'],
  ]),
  ...villagesOf('121003', [
    ['01', 'ព្រែកតារ័ត្ន', 'Preaek Ta Roatn'],
    ['02', 'ព្រែកតាគង់', 'Preaek Ta Kong'],
    ['03', 'ព្រែករាំង', 'Preaek Reang'],
    ['04', 'ព្រែកតាសេក', 'Preaek Ta Sek'],
    ['05', 'ដើមគរ', 'Daeum Kor'],
  ]),
  ...villagesOf('121004', [
    ['01', 'ចុងកោះ', 'Chong Kaoh'],
    ['02', 'ល្វា', 'Lvea'],
    ['03', 'ក្បាលកោះ', 'Kbal Kaoh'],
    ['04', 'កោះដាច់', 'Kaoh Dach'],
    ['05', 'រនះ', 'Roneah'],
  ]),
  ...villagesOf('121005', [
    ['01', 'បាក់ខែងលើ', 'Bak Khaeng Leu'],
    ['02', 'ក្ដីចាស់', 'Kdei Chas'],
    ['03', 'ចំបក់មាស', 'Chambak Meas'],
  ]),
  // Praek Pnov
  ...villagesOf('121101', [
    ['01', 'ដួង', 'Duong'],
    ['02', 'ពោធិ៍មង្គល', 'Pou Mongkol'],
    ['03', 'ព្រែកព្នៅ', 'Preaek Pnov'],
    ['04', 'ផ្សារលិច', 'Phsar Lech'],
    ['05', 'កណ្ដាល', 'Kandal'],
  ]),
  ...villagesOf('121102', [
    ['01', 'ធំត្បូង', 'Thum Tboung'],
    ['02', 'ធំជើង', 'Thum Cheung'],
    ['03', 'ត្រពាំងស្នោរ', 'Trapeang Snaor'],
    ['04', 'បឹង', 'Boeng'],
  ]),
  ...villagesOf('121103', [
    ['01', 'គ្រួស', 'Kruos'],
    ['02', 'សំរោងជើង', 'Samraong Cheung'],
    ['03', 'សំរោងកណ្ដាល', 'Samraong Kandal'],
    ['04', 'សំរោងត្បូង', 'Samraong Tboung'],
  ]),
  ...villagesOf('121104', [
    ['01', 'កប់ស្រូវតូច', 'Kab Srov Touch'],
    ['02', 'កប់ស្រូវធំ', 'Kab Srov Thum'],
    ['03', 'ស្វាយចេក', 'Svay Chek'],
  ]),
  ...villagesOf('121105', [
    ['01', 'បួនមុខ', 'Buon Mukh'],
    ['02', 'ត្រពាំងអំពិល', 'Trapeang Ampil'],
    ['03', 'ស្វាយឧត្ដម', 'Svay Otdam'],
  ]),
  // Kandal Stueng
  ...villagesOf('080104', [
    ['01', 'បឹងខ្យាង', 'Boeng Khyang'],
    ['02', 'ព្រៃតាតូច', 'Prey Ta Touch'],
    ['03', 'ស្រុកចេក', 'Srok Chek'],
    ['04', 'កំពង់តាឡុង', 'Kampong Ta Long'],
  ]),
  ...villagesOf('080105', [
    ['01', 'ក្រសាំង', 'Krasang'],
    ['02', 'ស្រុកធំ', 'Srok Thum'],
    ['03', 'អំបឺស', 'Amboes'],
    ['04', 'ពោធិ៍ស្មាត', 'Pou Smat'],
  ]),
  ...villagesOf('080107', [
    ['01', 'កណ្ដោក', 'Kandaok'],
    ['02', 'ទឹកនឹម', 'Tuek Nuem'],
    ['03', 'ស្វាយព្រៃ', 'Svay Prey'],
  ]),
  ...villagesOf('080108', [
    ['01', 'ថ្មី', 'Thmei'],
    ['02', 'ត្រពាំងចក', 'Trapeang Chak'],
    ['03', 'ទួលកំរៀង', 'Tuol Kamrieng'],
  ]),
  // Kien Svay
  ...villagesOf('080202', [
    ['01', 'ឫស្សីស្រុក', 'Ruessei Srok'],
    ['02', 'ឈើទាល', 'Chheu Teal'],
    ['03', 'ព្រែកស្វាយ', 'Preaek Svay'],
    ['04', 'ស្រែអំពិល', 'Srae Ampil'],
  ]),
  ...villagesOf('080204', [
    ['01', 'ព្រែកដូង', 'Preaek Doung'],
    ['02', 'កំពង់ស្វាយ', 'Kampong Svay'],
    ['03', 'ព្រែកតានប់', 'Preaek Ta Nob'],
  ]),
  ...villagesOf('080208', [
    ['01', 'កោះប្រាក់', 'Kaoh Prak'],
    ['02', 'ភូមិធំ', 'Phum Thum'],
    ['03', 'រទាំង', 'Roteang'],
  ]),
  ...villagesOf('080211', [
    ['01', 'ជ័យឧត្ដម', 'Chey Otdam'],
    ['02', 'ព្រែកតាកែវ', 'Preaek Ta Kaev'],
    ['03', 'ជ្រោយដង', 'Chrouy Dang'],
    ['04', 'ស្ទឹង', 'Stueng'],
  ]),
  // Ponhea Lueu
  ...villagesOf('080901', [
    ['01', 'តាំងស្ដុក', 'Tang Sdok'],
    ['02', 'ស្ដុកតាចាន់', 'Sdok Ta Chan'],
    ['03', 'ស្ដុកប្រនួត', 'Sdok Pranuot'],
    ['05', 'ឈ្វាំង', 'Chhveang'],
  ]),
  ...villagesOf('080902', [
    ['01', 'ស្លែង', 'Slaeng'],
    ['02', 'តាពេទ្យ', 'Ta Pet'],
    ['13', 'ជ្រៃលាស់', 'Chrey Loas'],
  ]),
  ...villagesOf('080903', [
    ['01', 'ឃ្លាំងស្បែក', 'Khleang Sbaek'],
    ['02', 'ទួលងោក', 'Tuol Ngouk'],
    ['03', 'ពោធិ៍តូច', 'Pou Touch'],
  ]),
  ...villagesOf('080906', [
    ['01', 'ពោធិ៍រ៉ាល', 'Pou Ral'],
    ['02', 'ស្រះពោធិ៍', 'Srah Pou'],
    ['06', 'ភ្នំបាត', 'Phnum Bat'],
  ]),
  // Ta Khmau
  ...villagesOf('081104', [
    ['01', 'តាខ្មៅ', 'Ta Khmao'],
    ['02', 'ព្រែកសំរោង', 'Prek Samraong'],
    ['03', 'ថ្មី', 'Thmei'],
  ]),
  ...villagesOf('081106', [
    ['01', 'កំពង់សំណាញ់', 'Kampong Samnanh'],
    ['02', 'ខ្ពបវែង', 'Khpob Veng'],
    ['03', 'ព្រែករាំង', 'Prek Riang'],
  ]),
  ...villagesOf('081109', [
    ['01', 'ព្រែកតាព្រីង', 'Preaek Ta Pring'],
    ['02', 'សិត្បូ', 'Setbou'],
    ['03', 'កំពង់ព្រីង', 'Kampong Pring'],
    ['04', 'ព្រែកត្រែង', 'Preaek Traeng'],
  ]),
];

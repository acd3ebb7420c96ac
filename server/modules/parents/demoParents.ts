import { parentArea } from '../../../src/domain/areas/parent.area';
import { isoDateIn } from '../../../src/domain/programmeTime';
import { yearsBefore } from '../../../src/domain/resources/child';
import {
  applicantKey,
  checklistDateKey,
  checklistItems,
  type TApplicantNumber,
} from '../../../src/domain/resources/parent';
import { systemSettingDefaults } from '../../../src/domain/systemSettingDefaults';
import type { TParentStatus } from '../../../src/domain/workflows/parent.workflow';
import { defaultApprovedUntil } from '../../../src/domain/workflows/parent.workflow';
import type { TDb } from '../../db/client';
import {
  addDays,
  createRandom,
  dayBetween,
  loadDemoLookups,
  type TDemoLookups,
  type TRandom,
} from '../../db/demo/demoKit';
import type { TDemoSeeder } from '../../db/demo/demoSeed';
import { demoHomeOfficeCode } from '../../db/demo/demoUsers';
import { parentInfos, statusHistory } from '../../db/schema';
import { demoFamilyNames, demoGivenNames } from '../../db/seedData/demoNames';

/**
 * Demo parent applications for `npm run seed:demo` (issue 12): couples and single applicants with
 * Khmer and Latin names, pending (a few with their acceptance asked of a second approver), accepted
 * or rejected (the demo matchings then match some and see
 * some adopted), some approvals expired or about to expire (relative to the run day), a third in
 * demo.caseworker's office and the rest spread over the head offices (so a provincial caseworker
 * sees its own). Idempotent and deterministic like
 * the demo children: application n is `DEMO-PA-00000n`, drawn from its own seeded generator.
 */
export const defaultDemoApplications = 150;
export const demoApplicationCode = (number: number) => `DEMO-PA-${String(number).padStart(6, '0')}`;

const occupations = ['គ្រូបង្រៀន', 'កសិករ', 'មន្ត្រីរាជការ', 'អ្នកលក់ដូរ', 'គិលានុបដ្ឋាយិកា', 'ជាងឈើ', 'អ្នកបើកបរ'];
const educations = ['បឋមសិក្សា', 'មធ្យមសិក្សា', 'បរិញ្ញាបត្រ', 'អនុបណ្ឌិត'];
const reasons = {
  reject: ['ការសិក្សាស្ថានភាពផ្ទះមិនបានបំពេញលក្ខខណ្ឌ។', 'ឯកសារមិនគ្រប់គ្រាន់ បន្ទាប់ពីការរំលឹកច្រើនដង។'],
  // Why an application that fails the checklist should be accepted anyway (issue 35).
  request: [
    'ការសិក្សាស្ថានភាពផ្ទះបានកំណត់ពេលរួចហើយ៖ គណៈកម្មការស្នើទទួលយកលើឯកសារផ្សេងទៀត។',
    'របាយការណ៍ប៉ូលិសកំពុងរង់ចាំពីខេត្ត៖ គ្រួសារនេះបានមើលថែកុមារក្នុងសហគមន៍រួចហើយ។',
  ],
};

type TStory =
  | 'pending'
  | 'requested'
  | 'accepted'
  | 'expiring'
  | 'expired'
  | 'rejected'
  | 'matched'
  | 'adopted';
/**
 * ~26% pending, ~4% pending with their acceptance asked of a second approver (a checklist item
 * missing, issue 35), ~20% accepted, ~8% expiring, ~8% expired, ~14% rejected, ~10% matched, ~10%
 * adopted (the last two accepted here, for the demo matchings to match and complete).
 */
const pickStory = (random: TRandom): TStory => {
  const value = random.next();
  if (value < 0.26) return 'pending';
  if (value < 0.3) return 'requested';
  if (value < 0.5) return 'accepted';
  if (value < 0.58) return 'expiring';
  if (value < 0.66) return 'expired';
  if (value < 0.8) return 'rejected';
  if (value < 0.9) return 'matched';
  return 'adopted';
};

export type TDemoApplication = {
  row: typeof parentInfos.$inferInsert;
  history: {
    action: string;
    fromStatus: string;
    toStatus: string;
    payload: Record<string, unknown>;
    at: Date;
  }[];
};

const at = (day: string) => new Date(`${day}T03:00:00Z`);

const planApplication = (lookups: TDemoLookups, number: number, today: string): TDemoApplication => {
  const random = createRandom(0x9a7e_17 ^ Math.imul(number, 0x85eb_ca6b));
  const story = pickStory(random);
  const couple = random.chance(0.75);
  const months = systemSettingDefaults.parentApprovalMonths;
  // When the decision must fall for the approval to end where the story says.
  const decision = (() => {
    if (story === 'expiring') return addDays(yearsBefore(today, 1), random.int(1, 25));
    if (story === 'expired') return addDays(yearsBefore(today, 1), -random.int(10, 200));
    return addDays(today, -random.int(10, 300));
  })();
  const applicationDate = addDays(decision, -random.int(30, 150));
  // Every third application is filed with demo.caseworker's office, so that its caseworker has
  // families in every state (the rest spread over the country, for the provincial caseworkers).
  const home = lookups.headOffices.find((candidate) => candidate.code === demoHomeOfficeCode);
  const office = (number % 3 === 1 ? home : undefined) ?? random.pick(lookups.headOffices);
  const provinceId = office.provinceId;
  const districts = lookups.districtsByProvince.get(provinceId) ?? [];
  const districtId = districts.length > 0 ? random.pick(districts) : null;
  const communes = districtId ? (lookups.communesByDistrict.get(districtId) ?? []) : [];
  const communeId = communes.length > 0 ? random.pick(communes) : null;
  const villages = communeId ? (lookups.villagesByCommune.get(communeId) ?? []) : [];
  const villageId = villages.length > 0 ? random.pick(villages) : null;

  const applicant = (n: TApplicantNumber, sex: 'male' | 'female') => {
    const family = random.pick(demoFamilyNames);
    const given = random.pick(demoGivenNames[sex]);
    return {
      [applicantKey(n, 'FamilyNameKh')]: family.kh,
      [applicantKey(n, 'GivenNameKh')]: given.kh,
      [applicantKey(n, 'FamilyNameEn')]: family.en,
      [applicantKey(n, 'GivenNameEn')]: given.en,
      [applicantKey(n, 'Sex')]: sex,
      [applicantKey(n, 'DateOfBirth')]: dayBetween(
        random,
        yearsBefore(applicationDate, 55),
        yearsBefore(applicationDate, 27),
      ),
      [applicantKey(n, 'NationalityId')]: lookups.nationalityId,
      [applicantKey(n, 'IdNumber')]: String(random.int(100_000_000, 999_999_999)),
      [applicantKey(n, 'Occupation')]: random.pick(occupations),
      [applicantKey(n, 'Education')]: random.pick(educations),
      [applicantKey(n, 'Phone')]: `0${random.int(10, 99)} ${random.int(100, 999)} ${random.int(100, 999)}`,
    };
  };
  const firstSex = couple ? 'male' : random.chance(0.7) ? 'female' : 'male';
  const decided = story !== 'pending' && story !== 'requested';
  const dateOfDecision = decided ? decision : null;
  const checkedUntil = dateOfDecision ?? today;
  const checklist = Object.fromEntries(
    checklistItems.map((item) => [
      checklistDateKey(item),
      decided || random.chance(0.5) ? dayBetween(random, applicationDate, checkedUntil) : null,
    ]),
  );
  // A request is made for an application that fails its checklist: the home study still to do.
  if (story === 'requested') checklist[checklistDateKey('homeStudy')] = null;
  const requestedOn = story === 'requested' ? addDays(today, -random.int(1, 20)) : null;
  const accepted = ['accepted', 'expiring', 'expired', 'matched', 'adopted'].includes(story);
  const approvedUntil = accepted && dateOfDecision ? defaultApprovedUntil(dateOfDecision, months) : null;
  // Matched and adopted families come from the demo matchings (demoMatchings.ts), through the
  // matching's own paths: here they are accepted families, for those matchings to take.
  const status: TParentStatus = accepted
    ? 'accepted'
    : story === 'requested'
      ? 'acceptanceRequested'
      : (story as TParentStatus);
  const ageFrom = random.int(0, 6);
  const disability = random.next();
  const disabilityIds = lookups.reference.child_disabilities.map((item) => item.id);
  const row: typeof parentInfos.$inferInsert = {
    code: demoApplicationCode(number),
    applicantType: couple ? 'couple' : 'single',
    ...applicant(1, firstSex),
    ...(couple ? applicant(2, 'female') : {}),
    provinceId,
    districtId,
    communeId,
    villageId,
    addressDetail: `ផ្ទះលេខ ${random.int(1, 300)} ផ្លូវ ${random.int(1, 600)}`,
    marriageDate: couple ? addDays(applicationDate, -random.int(400, 7000)) : null,
    monthlyIncome: random.int(8, 60) * 100_000,
    ownChildren: random.int(0, 3),
    headOfficeId: office.id,
    applicationDate,
    preferredSex: random.pick(['any', 'any', 'female', 'male'] as const),
    ageFrom,
    ageTo: Math.min(17, ageFrom + random.int(2, 10)),
    childrenCount: random.chance(0.85) ? 1 : random.int(2, 3),
    disabilityAccepted: disability < 0.6 ? 'no' : disability < 0.8 ? 'yes' : 'named',
    acceptedDisabilityIds: disability >= 0.8 && disabilityIds.length > 0 ? [random.pick(disabilityIds)] : [],
    ...checklist,
    status,
    decisionDate: dateOfDecision,
    decisionReason: story === 'rejected' ? random.pick(reasons.reject) : null,
    approvedUntil: story === 'rejected' ? null : approvedUntil,
    acceptanceJustification: requestedOn ? random.pick(reasons.request) : null,
    acceptanceRequestedAt: requestedOn ? at(requestedOn) : null,
  } as typeof parentInfos.$inferInsert;
  const history: TDemoApplication['history'] = [
    { action: 'receive', fromStatus: '', toStatus: 'pending', payload: {}, at: at(applicationDate) },
  ];
  if (story === 'rejected' && dateOfDecision)
    history.push({
      action: 'reject-adoption',
      fromStatus: 'pending',
      toStatus: 'rejected',
      payload: { date: dateOfDecision, reason: row.decisionReason },
      at: at(dateOfDecision),
    });
  if (requestedOn)
    history.push({
      action: 'request-acceptance',
      fromStatus: 'pending',
      toStatus: 'acceptanceRequested',
      payload: { justification: row.acceptanceJustification },
      at: at(requestedOn),
    });
  if (accepted && dateOfDecision) {
    history.push({
      action: 'accept-parents-adoption',
      fromStatus: 'pending',
      toStatus: 'accepted',
      payload: { date: dateOfDecision, approvedUntil },
      at: at(dateOfDecision),
    });
  }
  return { row, history };
};

export const planDemoApplications = (
  lookups: TDemoLookups,
  options: { applications?: number; now: Date },
) => {
  const today = isoDateIn(options.now);
  return Array.from({ length: options.applications ?? defaultDemoApplications }, (_, index) =>
    planApplication(lookups, index + 1, today),
  );
};

/** Adds the demo applications that are missing (existing ones stay as a demo user left them). */
export const seedDemoApplications = async (
  db: TDb,
  options: { applications?: number; now: Date; actorId?: number | null },
) => {
  const actorId = options.actorId ?? null;
  const plan = planDemoApplications(await loadDemoLookups(db), options);
  const byStatus: Partial<Record<string, number>> = {};
  let inserted = 0;
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(parentInfos)
      .values(
        plan.map(({ row }) => ({
          ...row,
          createdBy: actorId,
          updatedBy: actorId,
          // demo.caseworker asked: demo.supervisor decides (four-eyes).
          acceptanceRequestedBy: row.acceptanceRequestedAt ? actorId : null,
        })),
      )
      .onConflictDoNothing({ target: parentInfos.code })
      .returning({ id: parentInfos.id, code: parentInfos.code, status: parentInfos.status });
    const idByCode = new Map(rows.map((row) => [row.code, row.id]));
    const history = plan.flatMap(({ row, history: entries }) => {
      const id = idByCode.get(row.code);
      return id === undefined
        ? []
        : entries.map((entry) => ({
            ...entry,
            entity: parentArea.entity,
            entityId: id,
            userId: actorId,
            createdBy: actorId,
          }));
    });
    if (history.length > 0) await tx.insert(statusHistory).values(history);
    inserted = rows.length;
    for (const row of rows) byStatus[row.status] = (byStatus[row.status] ?? 0) + 1;
  });
  return { inserted, existing: plan.length - inserted, byStatus };
};

/** The parents module's demo data: the applications, by demo.caseworker. */
export const seedDemoParents: TDemoSeeder = async (db, run) => {
  const applications = await seedDemoApplications(db, {
    now: run.now,
    actorId: run.userIds.get('demo.caseworker') ?? null,
  });
  const counts = Object.entries(applications.byStatus)
    .map(([status, count]) => `${status} ${count}`)
    .join(', ');
  return [
    `parent applications: ${applications.inserted} added${counts ? ` (${counts})` : ''}, ${applications.existing} already there`,
  ];
};

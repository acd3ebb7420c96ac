import type { TDbOrTx } from '../../../server/audit';
import { adoptiveMatchings, childInfos, parentInfos, postAdoptionServices } from '../../../server/db/schema';
import { isoDateIn } from '../../../src/domain/programmeTime';
import { yearsBefore } from '../../../src/domain/resources/child';
import { addDays } from '../../../src/domain/serviceSchedule';

/**
 * Children, applications, matchings and services after adoption written straight to their tables
 * (fixtures, no route and no rule in between), for the API tests that need such records as they
 * stand, not as a user makes them. Each factory takes the values a test relies on as overrides and
 * fills in the rest; the codes it makes are unique (`CH-<prefix>-000001`, one counter for all four,
 * so a file's records are numbered in the order it writes them), the dates count back from `today`.
 */
export type TRecordOptions = {
  /** The middle of the codes made here, so a file's records read as its own (`SV`: `CH-SV-000001`). */
  prefix?: string;
  /** The day the dates count back from (yyyy-mm-dd); today in the programme's time zone unless said. */
  today?: string;
};

export type TChildOverrides = Partial<typeof childInfos.$inferInsert>;
export type TApplicationOverrides = Partial<typeof parentInfos.$inferInsert>;
export type TServiceOverrides = Partial<typeof postAdoptionServices.$inferInsert>;
type TMatchingOverrides = Partial<typeof adoptiveMatchings.$inferInsert> & {
  headOfficeId: number;
  /** The child's values when no `childId` is given and one is made. */
  child?: TChildOverrides;
  /** The application's values when no `parentId` is given and one is made. */
  parent?: TApplicationOverrides;
};

/** A completed matching as a service after adoption follows it. */
export type TCompletedMatching = {
  id: number;
  code: string;
  childId: number;
  parentId: number;
  headOfficeId: number;
  completedOn: string;
};

let sequence = 0;

/** The next number, and the code of a `kind` record (CH, PA, MA, SV) with it. */
const next = (kind: string, options: TRecordOptions) => {
  sequence += 1;
  return { n: sequence, code: `${kind}-${options.prefix ?? 'FX'}-${String(sequence).padStart(6, '0')}` };
};

const todayOf = (options: TRecordOptions) => options.today ?? isoDateIn(new Date());

/** A child: an adoptable girl of five unless said. */
export const insertChild = async (
  db: TDbOrTx,
  values: TChildOverrides & { headOfficeId: number },
  options: TRecordOptions = {},
) => {
  const { n, code } = next('CH', options);
  const [row] = await db
    .insert(childInfos)
    .values({
      code,
      familyNameEn: 'Fixture',
      givenNameEn: `Child ${n}`,
      sex: 'female',
      dateOfBirth: yearsBefore(todayOf(options), 5),
      status: 'adoptable',
      ...values,
    })
    .returning({ id: childInfos.id, code: childInfos.code, version: childInfos.version });
  return row;
};

/** The values of a registered child with a Khmer name (for tests of what a child carries: files, photos). */
export const registeredChild = (headOfficeId: number): TChildOverrides & { headOfficeId: number } => ({
  familyNameKh: 'សុខ',
  givenNameKh: 'ចន្ទា',
  dateOfBirth: '2020-01-01',
  status: 'registered',
  headOfficeId,
});

/**
 * An application accepted a year ago until a year ahead, for a child of two to eight: a couple
 * (`Family One <n> & Family Two <n>`) unless said; a single applicant has no second one.
 */
export const insertApplication = async (
  db: TDbOrTx,
  values: TApplicationOverrides & { headOfficeId: number },
  options: TRecordOptions = {},
) => {
  const { n, code } = next('PA', options);
  const today = todayOf(options);
  const couple = (values.applicantType ?? 'couple') === 'couple';
  const [row] = await db
    .insert(parentInfos)
    .values({
      code,
      applicantType: 'couple',
      applicant1FamilyNameEn: 'Family',
      applicant1GivenNameEn: `One ${n}`,
      applicant1Sex: 'male',
      applicant1DateOfBirth: yearsBefore(today, 40),
      ...(couple
        ? {
            applicant2FamilyNameEn: 'Family',
            applicant2GivenNameEn: `Two ${n}`,
            applicant2Sex: 'female',
            applicant2DateOfBirth: yearsBefore(today, 38),
          }
        : {}),
      applicationDate: yearsBefore(today, 1),
      decisionDate: yearsBefore(today, 1),
      approvedUntil: yearsBefore(today, -1),
      ageFrom: 2,
      ageTo: 8,
      status: 'accepted',
      ...values,
    })
    .returning({ id: parentInfos.id, code: parentInfos.code });
  return row;
};

/**
 * An application only just made, as `insertApplication`'s overrides: pending, no decision, no
 * approval's end, no age range (spread first, then what else the test needs).
 */
export const pendingApplication = {
  status: 'pending',
  decisionDate: null,
  approvedUntil: null,
  ageFrom: null,
  ageTo: null,
} satisfies TApplicationOverrides;

/**
 * A matching, proposed `today` and still at that step unless said; its child and application
 * (in its office, both matched unless said) are made unless `childId` and `parentId` name them.
 */
export const insertMatching = async (
  db: TDbOrTx,
  { child, parent, childId, parentId, ...values }: TMatchingOverrides,
  options: TRecordOptions = {},
) => {
  const office = values.headOfficeId;
  const madeChildId =
    childId ?? (await insertChild(db, { headOfficeId: office, status: 'matched', ...child }, options)).id;
  const madeParentId =
    parentId ??
    (await insertApplication(db, { headOfficeId: office, status: 'matched', ...parent }, options)).id;
  const { code } = next('MA', options);
  const proposedDate = values.proposedDate ?? todayOf(options);
  const [row] = await db
    .insert(adoptiveMatchings)
    .values({
      code,
      childId: madeChildId,
      parentId: madeParentId,
      proposedDate,
      lastStepDate: proposedDate,
      stageEnteredOn: proposedDate,
      status: 'proposed',
      ...values,
    })
    .returning({
      id: adoptiveMatchings.id,
      code: adoptiveMatchings.code,
      childId: adoptiveMatchings.childId,
      parentId: adoptiveMatchings.parentId,
      headOfficeId: adoptiveMatchings.headOfficeId,
    });
  return row;
};

/**
 * A matching completed on `completedOn` (a year before `today` unless said), proposed 200 days
 * before; its child and family adopted, the family's application accepted a year before the
 * proposal, unless said. No service is planned for it.
 */
export const insertCompletedMatching = async (
  db: TDbOrTx,
  {
    completedOn,
    proposedDate,
    child,
    parent,
    ...values
  }: Omit<TMatchingOverrides, 'completedOn'> & { completedOn?: string },
  options: TRecordOptions = {},
): Promise<TCompletedMatching> => {
  const on = completedOn ?? yearsBefore(todayOf(options), 1);
  const proposed = proposedDate ?? addDays(on, -200);
  const matching = await insertMatching(
    db,
    {
      proposedDate: proposed,
      lastStepDate: on,
      stageEnteredOn: on,
      status: 'completed',
      ...values,
      completedOn: on,
      child: { status: 'adopted', ...child },
      parent: {
        status: 'adopted',
        applicationDate: yearsBefore(proposed, 1),
        decisionDate: yearsBefore(proposed, 1),
        ...parent,
      },
    },
    options,
  );
  return { ...matching, completedOn: on };
};

/** A service after adoption of `matching` (in its office): a home visit pending for `today` unless said. */
export const insertService = async (
  db: TDbOrTx,
  matching: TCompletedMatching,
  values: TServiceOverrides = {},
  options: TRecordOptions = {},
) => {
  const { code } = next('SV', options);
  const [row] = await db
    .insert(postAdoptionServices)
    .values({
      code,
      matchingId: matching.id,
      childId: matching.childId,
      headOfficeId: matching.headOfficeId,
      adoptedOn: matching.completedOn,
      serviceType: 'homeVisit',
      plannedDate: todayOf(options),
      status: 'pending',
      ...values,
    })
    .returning();
  return row;
};

/**
 * The five assessment checklist dates, all on `day`: with applicants old enough, an application
 * that meets the eligibility rules, which one user may accept (issue 35); without them its
 * acceptance is asked of another approver.
 */
export const checklistDone = (day: string) => ({
  homeStudyOn: day,
  policeRecordOn: day,
  medicalReportOn: day,
  referencesOn: day,
  trainingOn: day,
});

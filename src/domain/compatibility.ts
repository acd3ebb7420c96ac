import { yearsBefore } from './resources/child';

/**
 * The compatibility of a child and a parent application (DESIGN.md section 6): one pure function,
 * used by the matching's create screen, the server's create route and the reports. Each criterion
 * is `match`, `mismatch` or `unknown` (the records do not say), with the reason as a dictionary key
 * and its values, worded by the reader's dictionary. A mismatch does not block a matching: it asks
 * for a written justification. The province is information only.
 */
export const compatibilityCriteria = [
  'sex',
  'age',
  'disability',
  'siblings',
  'adopterAge',
  'ageGap',
  'province',
] as const;
export type TCompatibilityCriterion = (typeof compatibilityCriteria)[number];
export type TCompatibilityResult = 'match' | 'mismatch' | 'unknown';

export type TCompatibilityCheck = {
  criterion: TCompatibilityCriterion;
  result: TCompatibilityResult;
  /** A key of the dictionary's compatibility reasons, with its values. */
  reason: string;
  values: Record<string, string | number>;
  /** Shown, never counted (the province). */
  informational?: boolean;
};

export type TCompatibilityChild = {
  sex?: string | null;
  dateOfBirth?: string | null;
  disabilityIds?: readonly number[] | null;
  /** How many children are to be placed together (the child and siblings in care); 1 when alone. */
  siblingGroup?: number | null;
  provinceId?: number | null;
};

export type TCompatibilityApplication = {
  applicantType?: string | null;
  applicant1DateOfBirth?: string | null;
  applicant2DateOfBirth?: string | null;
  preferredSex?: string | null;
  ageFrom?: number | null;
  ageTo?: number | null;
  childrenCount?: number | null;
  disabilityAccepted?: string | null;
  acceptedDisabilityIds?: readonly number[] | null;
  provinceId?: number | null;
};

/** The settings' eligibility rules (DESIGN.md section 5). */
export type TCompatibilityRules = { minimumAdopterAge: number; minimumAgeGap: number; maximumAgeGap: number };

/** Whole years from `born` to `day` (yyyy-mm-dd). */
export const wholeYears = (born: string, day: string): number => {
  let years = Number(day.slice(0, 4)) - Number(born.slice(0, 4));
  if (day.slice(5) < born.slice(5)) years -= 1;
  return years;
};

const check = (
  criterion: TCompatibilityCriterion,
  result: TCompatibilityResult,
  reason: string,
  values: Record<string, string | number> = {},
): TCompatibilityCheck => ({ criterion, result, reason, values });

/** The adopters whose ages count: one, or both of a couple; null where a date of birth is missing. */
const adopterBirthDates = (application: TCompatibilityApplication): (string | null)[] => [
  application.applicant1DateOfBirth ?? null,
  ...(application.applicantType === 'couple' ? [application.applicant2DateOfBirth ?? null] : []),
];

export const compatibility = (
  child: TCompatibilityChild,
  application: TCompatibilityApplication,
  rules: TCompatibilityRules,
  today: string,
): TCompatibilityCheck[] => {
  const checks: TCompatibilityCheck[] = [];
  const childAge = child.dateOfBirth ? wholeYears(child.dateOfBirth, today) : null;

  // Sex: the family's preference, 'any' taking either.
  const preferred = application.preferredSex ?? 'any';
  if (preferred === 'any') checks.push(check('sex', 'match', 'sexAny'));
  else if (!child.sex) checks.push(check('sex', 'unknown', 'sexUnknown'));
  else if (child.sex === preferred) checks.push(check('sex', 'match', 'sexPreferred', { sex: preferred }));
  else checks.push(check('sex', 'mismatch', 'sexOther', { sex: preferred, childSex: child.sex }));

  // Age: within the range the family was approved for (an open end takes any age).
  const from = application.ageFrom ?? 0;
  const to = application.ageTo ?? 17;
  if (childAge === null) checks.push(check('age', 'unknown', 'ageUnknown'));
  else if (childAge >= from && childAge <= to)
    checks.push(check('age', 'match', 'ageInRange', { age: childAge, from, to }));
  else checks.push(check('age', 'mismatch', 'ageOutOfRange', { age: childAge, from, to }));

  // Disability: none, accepted in general, or each of the child's among those named.
  const disabilities = child.disabilityIds ?? [];
  const accepted = application.disabilityAccepted ?? 'no';
  if (disabilities.length === 0) checks.push(check('disability', 'match', 'disabilityNone'));
  else if (accepted === 'yes') checks.push(check('disability', 'match', 'disabilityAccepted'));
  else if (
    accepted === 'named' &&
    disabilities.every((id) => application.acceptedDisabilityIds?.includes(id))
  )
    checks.push(check('disability', 'match', 'disabilityNamed'));
  else checks.push(check('disability', 'mismatch', 'disabilityNotAccepted', { count: disabilities.length }));

  // Siblings: the family can take the whole group that is to stay together.
  const group = child.siblingGroup ?? null;
  const takes = application.childrenCount ?? 1;
  if (group === null) checks.push(check('siblings', 'unknown', 'siblingsUnknown'));
  else if (takes >= group) checks.push(check('siblings', 'match', 'siblingsTaken', { group, takes }));
  else checks.push(check('siblings', 'mismatch', 'siblingsTooMany', { group, takes }));

  // Adopters' ages, and the gap between each adopter and the child (the settings' rules).
  const births = adopterBirthDates(application);
  const ages = births.map((born) => (born ? wholeYears(born, today) : null));
  if (ages.some((age) => age === null)) checks.push(check('adopterAge', 'unknown', 'adopterAgeUnknown'));
  else {
    const youngest = Math.min(...(ages as number[]));
    const met = births.every((born) => (born as string) <= yearsBefore(today, rules.minimumAdopterAge));
    checks.push(
      check('adopterAge', met ? 'match' : 'mismatch', met ? 'adopterAgeMet' : 'adopterAgeBelow', {
        age: youngest,
        minimum: rules.minimumAdopterAge,
      }),
    );
  }
  if (childAge === null || ages.some((age) => age === null))
    checks.push(check('ageGap', 'unknown', 'ageGapUnknown'));
  else {
    const gaps = (ages as number[]).map((age) => age - childAge);
    const smallest = Math.min(...gaps);
    const largest = Math.max(...gaps);
    const within = smallest >= rules.minimumAgeGap && largest <= rules.maximumAgeGap;
    checks.push(
      check('ageGap', within ? 'match' : 'mismatch', within ? 'ageGapWithin' : 'ageGapOutside', {
        smallest,
        largest,
        minimum: rules.minimumAgeGap,
        maximum: rules.maximumAgeGap,
      }),
    );
  }

  // Province: information only (a family may adopt a child of another province).
  const province =
    !child.provinceId || !application.provinceId
      ? check('province', 'unknown', 'provinceUnknown')
      : child.provinceId === application.provinceId
        ? check('province', 'match', 'provinceSame')
        : check('province', 'mismatch', 'provinceOther');
  checks.push({ ...province, informational: true });
  return checks;
};

/** What a list of candidates is sorted by: fewer mismatches, then fewer unknowns (information aside). */
export const compatibilityScore = (checks: readonly TCompatibilityCheck[]) => {
  const counted = checks.filter((entry) => !entry.informational);
  return {
    mismatches: counted.filter((entry) => entry.result === 'mismatch').length,
    unknowns: counted.filter((entry) => entry.result === 'unknown').length,
  };
};

/** Candidates best first: fewest mismatches, then fewest unknowns, then the same province. */
export const byCompatibility = <T>(
  candidates: readonly T[],
  checksOf: (candidate: T) => readonly TCompatibilityCheck[],
): T[] =>
  candidates
    .map((candidate) => {
      const checks = checksOf(candidate);
      const sameProvince = checks.some((entry) => entry.criterion === 'province' && entry.result === 'match');
      return { candidate, ...compatibilityScore(checks), sameProvince };
    })
    .sort(
      (a, b) =>
        a.mismatches - b.mismatches ||
        a.unknowns - b.unknowns ||
        Number(b.sameProvince) - Number(a.sameProvince),
    )
    .map((entry) => entry.candidate);

/** Whether a matching of these checks needs a written justification. */
export const needsJustification = (checks: readonly TCompatibilityCheck[]) =>
  compatibilityScore(checks).mismatches > 0;

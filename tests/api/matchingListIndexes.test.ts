import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptiveMatchings, childInfos, headOffices, parentInfos } from '../../server/db/schema';
import { nameSortKeys } from '../../server/db/schema/nameSortKeys';
import { matchingBinding } from '../../server/modules/matchings/matchingBinding';
import { searchCondition } from '../../server/resources/pagedList';
import { applicantsNameSql, childNameSql } from '../../server/resources/recordSql';
import { isoDateIn } from '../../src/domain/programmeTime';
import { yearsBefore } from '../../src/domain/resources/child';
import { adminPassword, createTestApp, type TTestApp } from './testApp';

/**
 * What keeps the matchings' list fast over 20,000 (issue 13, docs/performance.md): the search reads
 * one column kept by triggers (migration 0017) and its trigram index, the sorts by name walk
 * expression indexes. Here: the search finds what it found over the joins, follows renames, and
 * the planner can take each index (a changed expression would silently scan again).
 */
let t: TTestApp;
let token: string;
let today: string;
let office: number;
let sequence = 0;

type TNames = Partial<typeof childInfos.$inferInsert>;
type TApplicants = Partial<typeof parentInfos.$inferInsert>;

/** A matching proposed through the API for a new child and a new family with these names. */
const matching = async (child: TNames, family: TApplicants) => {
  sequence += 1;
  const [c] = await t.app.db
    .insert(childInfos)
    .values({
      code: `CH-IX-${String(sequence).padStart(6, '0')}`,
      sex: 'female',
      dateOfBirth: yearsBefore(today, 5),
      headOfficeId: office,
      status: 'adoptable',
      ...child,
    })
    .returning({ id: childInfos.id });
  const [p] = await t.app.db
    .insert(parentInfos)
    .values({
      code: `PA-IX-${String(sequence).padStart(6, '0')}`,
      applicantType: 'couple',
      applicant1Sex: 'male',
      applicant1DateOfBirth: yearsBefore(today, 40),
      headOfficeId: office,
      applicationDate: yearsBefore(today, 1),
      decisionDate: yearsBefore(today, 1),
      approvedUntil: yearsBefore(today, -1),
      status: 'accepted',
      ...family,
    })
    .returning({ id: parentInfos.id });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/adoptive-matching',
    headers: { ...t.bearer(token), locale: 'en' },
    payload: { childId: c.id, parentId: p.id, proposedDate: today, justification: 'Assessed.' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; code: string; childId: number; parentId: number };
};

const search = async (text: string, more = '') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/adoptive-matching?take=100&search=${encodeURIComponent(text)}${more}`,
    headers: t.bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
};

/** The planner's choice with scans (and, for a sort, sorting) priced out: an index only if it fits. */
const planOf = (query: SQL, settings: string[]) =>
  t.app.db.transaction(async (tx) => {
    for (const setting of settings) await tx.execute(sql.raw(`set local ${setting} = off`));
    const result = await tx.execute(sql`explain ${query}`);
    return (result as { rows: Record<string, string>[] }).rows
      .map((row) => Object.values(row).join(' '))
      .join('\n');
  });

let sokha: Awaited<ReturnType<typeof matching>>;
let dara: Awaited<ReturnType<typeof matching>>;
let lonely: Awaited<ReturnType<typeof matching>>;

beforeAll(async () => {
  t = await createTestApp();
  today = isoDateIn(new Date(t.clock.now()));
  token = (await t.signIn('admin', adminPassword)).accessToken;
  [{ id: office }] = await t.app.db.select({ id: headOffices.id }).from(headOffices).limit(1);
  sokha = await matching(
    { familyNameKh: 'សុខ', givenNameKh: 'សុខា', familyNameEn: 'Sok', givenNameEn: 'Sokha' },
    {
      applicant1FamilyNameKh: 'ចាន់',
      applicant1GivenNameKh: 'ដារ៉ា',
      applicant1FamilyNameEn: 'Chan',
      applicant1GivenNameEn: 'Dara',
      applicant2FamilyNameEn: 'Heng',
      applicant2GivenNameEn: 'Bopha',
    },
  );
  dara = await matching(
    { familyNameEn: 'Ly', givenNameEn: 'Dara' },
    { applicant1FamilyNameEn: 'Kim', applicant1GivenNameEn: 'Vanna' },
  );
  // Names with blanks and one side missing: the sort key must read them as the list shows them.
  lonely = await matching(
    { familyNameKh: '  ', givenNameKh: ' ម៉ៅ ', familyNameEn: 'Mao', givenNameEn: null },
    { applicant1FamilyNameEn: null, applicant2FamilyNameKh: 'ឯក', applicant2GivenNameKh: 'ពិសិដ្ឋ' },
  );
}, 60_000);
afterAll(() => t?.close());

describe('the matchings list search', () => {
  it('finds a matching by its code, its child and its family, in either script and any case', async () => {
    expect(await search(sokha.code)).toEqual([sokha.id]);
    expect(await search('CH-IX-000001')).toEqual([sokha.id]);
    expect(await search('pa-ix-000002')).toEqual([dara.id]);
    expect(await search('សុខា')).toEqual([sokha.id]);
    expect(await search('sokha')).toEqual([sokha.id]);
    expect(await search('BOPHA')).toEqual([sokha.id]);
    expect(await search('ពិសិដ្ឋ')).toEqual([lonely.id]);
    // A name on either side: the child Dara and the applicant Dara.
    expect(await search('Dara')).toEqual([sokha.id, dara.id]);
    // Every word, each anywhere: the child's family name and an applicant's.
    expect(await search('Sok Heng')).toEqual([sokha.id]);
    expect(await search('Ly Heng')).toEqual([]);
    // With the board's filter and sort.
    expect(await search('Dara', '&stage=proposal&sort=stageEnteredOn')).toEqual([sokha.id, dara.id]);
    expect(await search('Dara', '&stage=trial')).toEqual([]);
  });

  it('follows a child and a family renamed after the proposal', async () => {
    await t.app.db.update(childInfos).set({ givenNameEn: 'Rathana' }).where(eq(childInfos.id, dara.childId));
    expect(await search('Rathana')).toEqual([dara.id]);
    expect(await search('Dara')).toEqual([sokha.id]);
    await t.app.db
      .update(parentInfos)
      .set({ applicant1GivenNameEn: 'Sreymom' })
      .where(eq(parentInfos.id, dara.parentId));
    expect(await search('Sreymom')).toEqual([dara.id]);
    expect(await search('Vanna')).toEqual([]);
  });

  it('reads one indexed column: the planner can take its trigram index', async () => {
    const condition = searchCondition('sokha', matchingBinding.search);
    const plan = await planOf(
      sql`select ${adoptiveMatchings.id} from ${adoptiveMatchings} where ${condition}`,
      ['enable_seqscan'],
    );
    expect(plan).toContain('adoptive_matchings_search_trgm_idx');
  });
});

describe('the matchings list sorted by name', () => {
  it('sorts by the names as the list shows them', async () => {
    const rows = await t.app.db
      .select({
        child: childNameSql,
        childKey: nameSortKeys.child(childInfos),
        applicants: applicantsNameSql,
        applicantsKey: nameSortKeys.applicants(parentInfos),
      })
      .from(adoptiveMatchings)
      .innerJoin(childInfos, eq(childInfos.id, adoptiveMatchings.childId))
      .innerJoin(parentInfos, eq(parentInfos.id, adoptiveMatchings.parentId))
      .orderBy(asc(adoptiveMatchings.id));
    for (const row of rows) {
      expect(row.childKey).toBe(row.child);
      expect(row.applicantsKey).toBe(row.applicants);
    }
    expect(rows.map((row) => row.child)).toContain('ម៉ៅ');
    expect(rows.map((row) => row.applicants)).toContain('ឯក ពិសិដ្ឋ');
  });

  it('walks the name indexes for a page', async () => {
    for (const [key, index] of [
      ['childName', 'child_infos_name_sort_idx'],
      ['applicants', 'parent_infos_applicants_sort_idx'],
    ] as const) {
      const sortBy = matchingBinding.sort[key] as SQL;
      const plan = await planOf(
        sql`select ${adoptiveMatchings.id} from ${adoptiveMatchings} inner join ${childInfos} on ${childInfos.id} = ${adoptiveMatchings.childId} inner join ${parentInfos} on ${parentInfos.id} = ${adoptiveMatchings.parentId} order by ${sortBy}, ${adoptiveMatchings.id} limit 10`,
        ['enable_seqscan', 'enable_sort', 'enable_hashjoin', 'enable_mergejoin'],
      );
      expect(plan, key).toContain(index);
    }
  });
});

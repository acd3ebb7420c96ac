import { type APIRequestContext, expect } from '@playwright/test';
import { defaultDemoPassword } from '../../server/db/demo/demoUsers';
import { isoDateIn } from '../../src/domain/programmeTime';

/** The demo users the browser tests act as (scripts/e2e-prepare.ts makes them). */
export const caseworker = { username: 'demo.caseworker', password: defaultDemoPassword };
export const supervisor = { username: 'demo.supervisor', password: defaultDemoPassword };
export const api = '/api/v1';

/** The headers of a signed-in user's API calls (English messages, for the tests' own failures). */
export const tokenOf = async (request: APIRequestContext, who: { username: string; password: string }) => {
  const signedIn = await request.post(`${api}/auth/sign-in`, { data: who });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return { authorization: `Bearer ${(await signedIn.json()).data.accessToken}`, locale: 'en' };
};

export type TCandidateChild = { id: number; code: string; nameKh: string | null; nameEn: string | null };

/**
 * A matching taken through the API to 'keeping to approve', every step dated today (an undated step
 * counts on the day it is taken, and no dated step may precede it), each by whom four-eyes allows:
 * the caseworker proposes and asks, the supervisor decides. Its child (the first candidate `pick`
 * accepts) and family are of the caseworker's office (scripts/e2e-prepare.ts keeps families there).
 */
export const matchingAwaitingKeep = async (
  request: APIRequestContext,
  pick: (child: TCandidateChild) => boolean = () => true,
) => {
  const on = isoDateIn(new Date());
  const worker = await tokenOf(request, caseworker);
  const boss = await tokenOf(request, supervisor);
  const get = async (path: string) => {
    const response = await request.get(`${api}${path}`, { headers: worker });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()).data;
  };
  const child = ((await get('/adoptive-matching/adoptive-childs')) as TCandidateChild[]).find(pick);
  if (!child) throw new Error('No candidate child of the caseworker’s office fits the test');
  const [family] = await get(`/adoptive-matching/adoptive-parents?childId=${child.id}`);
  const created = await request.post(`${api}/adoptive-matching`, {
    headers: worker,
    data: { childId: child.id, parentId: family.id, proposedDate: on, justification: 'Assessed in person.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  let { id, version } = (await created.json()).data as { id: number; version: number };
  const step = async (
    headers: Record<string, string>,
    action: string,
    body: Record<string, unknown> = {},
  ) => {
    const response = await request.patch(`${api}/adoptive-matching/${action}/${id}`, {
      headers,
      data: { ...body, version },
    });
    expect(response.ok(), `${action}: ${await response.text()}`).toBe(true);
    version = (await response.json()).data.version;
  };
  const date = { date: on };
  await step(worker, 'pending-adoption');
  await step(boss, 'confirm-adoption', date);
  await step(boss, 'test-adoption', date);
  await step(boss, 'confirm-test', { ...date, reason: 'A trial of no days: the child already lived there.' });
  await step(boss, 'pending-warrant');
  await step(worker, 'request-warrant', { ...date, reference: 'REF-E2E' });
  await step(boss, 'confirm-warrant', { ...date, number: 'W-E2E' });
  await step(worker, 'child-keep', date);
  return { id, version, child, childId: child.id, childCode: child.code };
};

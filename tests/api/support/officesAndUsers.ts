import { eq } from 'drizzle-orm';
import { headOffices, provinces, users } from '../../../server/db/schema';
import { adminPassword, type TTestApp, userPassword } from '../testApp';

/**
 * The offices and signed-in users the workflow tests set up the same way (matchings, their rules,
 * the work queue, the dashboard): a national office and a provincial one, users kept to an office,
 * and everyone's access token by name.
 */

/** A head office in the first seeded province, its code as its name in both languages. */
export const createOffice = async (t: TTestApp, code: string, kind: 'national' | 'provincial') => {
  const [province] = await t.app.db.select({ id: provinces.id }).from(provinces).limit(1);
  const [office] = await t.app.db
    .insert(headOffices)
    .values({ code, name: { kh: code, en: code }, class: kind, provinceId: province.id })
    .returning({ id: headOffices.id });
  return office.id;
};

/** `HO-{prefix}-NAT` (national) and `HO-{prefix}-KPT` (provincial, 'Kampot'): a file's own codes. */
export const createOffices = async (t: TTestApp, prefix: string) => ({
  national: await createOffice(t, `HO-${prefix}-NAT`, 'national'),
  kampot: await createOffice(t, `HO-${prefix}-KPT`, 'provincial'),
});

/** A user kept to one office (a provincial user sees and writes that office's records only). */
export const createOfficeUser = async (
  t: TTestApp,
  username: string,
  permissions: readonly string[],
  office: number,
) => {
  const user = await t.createUser(username, permissions);
  await t.app.db.update(users).set({ headOfficeId: office }).where(eq(users.id, user.id));
  return user;
};

/**
 * Access tokens of these users (password `userPassword`) and of the seeded admin (`admin`), by
 * name; `renamed` keys a token otherwise than its username (`{ otherOfficer: 'other-officer' }`).
 */
export const signInAll = async (
  t: TTestApp,
  usernames: readonly string[],
  renamed: Record<string, string> = {},
) => {
  const tokens: Record<string, string> = {};
  for (const name of usernames) tokens[name] = (await t.signIn(name, userPassword)).accessToken;
  for (const [key, username] of Object.entries(renamed))
    tokens[key] = (await t.signIn(username, userPassword)).accessToken;
  tokens.admin = (await t.signIn('admin', adminPassword)).accessToken;
  return tokens;
};

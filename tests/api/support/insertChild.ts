import { childInfos } from '../../../server/db/schema';
import type { TTestApp } from '../testApp';

let inserted = 0;

/**
 * A child row inserted directly, for tests of something a child carries (files, documents) rather
 * than of registering one (POST /child-infos has its own tests). Codes are `{prefix}-{n}`.
 */
export const insertChild = async (t: TTestApp, headOfficeId: number, prefix: string) => {
  inserted += 1;
  const [row] = await t.app.db
    .insert(childInfos)
    .values({
      code: `${prefix}-${inserted}`,
      familyNameKh: 'សុខ',
      givenNameKh: 'ចន្ទា',
      sex: 'female',
      dateOfBirth: '2020-01-01',
      headOfficeId,
    })
    .returning({ id: childInfos.id, version: childInfos.version, code: childInfos.code });
  return row;
};

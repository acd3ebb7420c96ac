import { describe, expect, it } from 'vitest';
import { ZTokenPair, ZUserInfo } from './auth';
import { tokenPairOf, userInfoOf } from './authAnswers';

/** The hand-written checks accept what the server's zod schemas accept, and nothing else. */
const agrees =
  (check: (value: unknown) => unknown, schema: typeof ZTokenPair | typeof ZUserInfo) => (value: unknown) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) expect(check(value)).toEqual(parsed.data);
    else expect(() => check(value)).toThrow(/unexpected shape/);
  };

describe('the session answers checked without zod', () => {
  it('a token pair: both tokens, not empty, nothing else kept', () => {
    const check = agrees(tokenPairOf, ZTokenPair);
    check({ accessToken: 'a', refreshToken: 'r' });
    check({ accessToken: 'a', refreshToken: 'r', extra: 1 });
    check({ accessToken: '', refreshToken: 'r' });
    check({ accessToken: 'a' });
    check({ accessToken: 1, refreshToken: 'r' });
    check(null);
    check([]);
    check('a');
    expect(tokenPairOf({ accessToken: 'a', refreshToken: 'r', extra: 1 })).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
    });
  });

  it("the user's information: integer id, names, roles and permissions", () => {
    const check = agrees(userInfoOf, ZUserInfo);
    const user = {
      id: 1,
      name: 'Admin',
      username: 'admin',
      roles: [{ id: 2, roleName: 'admin' }],
      permissions: ['users:read'],
    };
    check(user);
    check({ ...user, extra: true, roles: [{ id: 2, roleName: 'admin', extra: 1 }] });
    check({ ...user, id: 1.5 });
    check({ ...user, id: '1' });
    check({ ...user, name: null });
    check({ ...user, roles: [{ id: 2 }] });
    check({ ...user, roles: 'admin' });
    check({ ...user, permissions: [1] });
    check({ ...user, permissions: undefined });
    check(undefined);
  });
});

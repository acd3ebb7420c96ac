import type { TTokenPair, TUserInfo } from '../machines/sessionTypes';

/**
 * The client's checks of the session's answers, written by hand: the home page opened by its
 * address refreshes the session first, and zod (ZTokenPair, ZUserInfo in src/domain/auth.ts, which
 * the server answers with) would be a tenth of that page's JavaScript (issue 24's 250 KB).
 * src/domain/authAnswers.test.ts holds them to the zod schemas.
 */
const isText = (value: unknown): value is string => typeof value === 'string';
const isInteger = (value: unknown): value is number => Number.isInteger(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A wrong answer is the server's fault: the session machine treats it as a failed request. */
const refused = (what: string): never => {
  throw new Error(`The server's ${what} answer has an unexpected shape`);
};

/** `data` of sign-in and refresh answers, with nothing else. */
export const tokenPairOf = (value: unknown): TTokenPair => {
  if (!isRecord(value)) return refused('token');
  const { accessToken, refreshToken } = value;
  if (!isText(accessToken) || !accessToken || !isText(refreshToken) || !refreshToken) return refused('token');
  return { accessToken, refreshToken };
};

/** `data` of `GET /users/info`, with nothing else. */
export const userInfoOf = (value: unknown): TUserInfo => {
  if (!isRecord(value)) return refused('user');
  const { id, name, username, roles, permissions } = value;
  if (!isInteger(id) || !isText(name) || !isText(username)) return refused('user');
  if (!Array.isArray(roles) || !Array.isArray(permissions) || !permissions.every(isText))
    return refused('user');
  return {
    id,
    name,
    username,
    roles: roles.map((role) =>
      isRecord(role) && isInteger(role.id) && isText(role.roleName)
        ? { id: role.id, roleName: role.roleName }
        : refused('user'),
    ),
    permissions: [...permissions],
  };
};

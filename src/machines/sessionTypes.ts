/**
 * What the auth session machine holds: the token pair and the signed-in user. Plain types so the
 * machine imports nothing but XState; `src/domain/auth.ts` checks its zod schemas against them and
 * re-exports them.
 */
export type TTokenPair = { accessToken: string; refreshToken: string };

/** `data` of `GET /users/info`. */
export type TUserInfo = {
  id: number;
  name: string;
  username: string;
  roles: { id: number; roleName: string }[];
  permissions: string[];
};

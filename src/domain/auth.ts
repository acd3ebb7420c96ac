import { z } from 'zod';
import type { TTokenPair, TUserInfo } from '../machines/sessionTypes';

export type { TTokenPair, TUserInfo } from '../machines/sessionTypes';

/** Body of `POST /auth/sign-in`. */
export const ZSignInBody = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});
export type TSignInBody = z.infer<typeof ZSignInBody>;

/** `data` of sign-in and refresh answers. */
export const ZTokenPair = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
}) satisfies z.ZodType<TTokenPair>;

/** `data` of `GET /users/info`. */
export const ZUserInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  roles: z.array(z.object({ id: z.number().int(), roleName: z.string() })),
  permissions: z.array(z.string()),
}) satisfies z.ZodType<TUserInfo>;

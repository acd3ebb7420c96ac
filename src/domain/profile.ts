import { z } from 'zod';
import { ZPassword } from './resources/user';
import { requiredText } from './rules';

/**
 * Body of `PUT /admin/user-profile`: the signed-in user's own name and, optionally, a new password,
 * which needs the current one (a session left open on a shared computer must not be enough).
 */
export const ZProfileInput = z
  .object({
    name: requiredText(200),
    oldPassword: z.string().min(1).max(200).optional(),
    newPassword: ZPassword.optional(),
  })
  .refine((value) => value.newPassword === undefined || value.oldPassword !== undefined, {
    path: ['oldPassword'],
    // Checked even when another field already failed, so every message shows at once.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type TProfileInput = z.infer<typeof ZProfileInput>;

/** `data` of the profile answer: the user as the top bar shows them. */
export const ZProfile = z.object({ id: z.number().int(), name: z.string(), username: z.string() });
export type TProfile = z.infer<typeof ZProfile>;

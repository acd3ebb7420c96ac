import { z } from 'zod';
import { imageUploadLimitBytes } from './constants';
import { recordVersion, requiredTranslatable } from './rules';

/**
 * General information (spec section 7): keyed values. `app_name` is edited as text in both languages
 * (PATCH /general-information/{id}); the logos are file names changed only through the upload and
 * delete calls, so the server alone decides which files exist.
 */
export const generalInformationKeys = ['app_name', 'app_logo', 'footer_logo'] as const;
export type TGeneralInformationKey = (typeof generalInformationKeys)[number];

export const logoKeys = ['app_logo', 'footer_logo'] as const;
export type TLogoKey = (typeof logoKeys)[number];

export const appNameMaxLength = 100;
export const ZAppName = requiredTranslatable(appNameMaxLength);
export type TAppName = z.infer<typeof ZAppName>;

/** Body of PATCH /general-information/{id}: only `app_name` is edited this way. */
export const ZGeneralInformationPatch = z.object({
  value: ZAppName,
  version: recordVersion(),
});
export type TGeneralInformationPatch = z.infer<typeof ZGeneralInformationPatch>;

/** One row as the API answers it. */
export const ZGeneralInformationItem = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.unknown(),
  version: z.number().int(),
});
export type TGeneralInformationItem = z.infer<typeof ZGeneralInformationItem>;

/** Logo uploads: checked by content on the server; the client can check the size before sending. */
export const logoImageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const logoMaxBytes = imageUploadLimitBytes;

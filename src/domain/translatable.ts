import { z } from 'zod';

/** A value stored per locale (DESIGN.md section 2): shown in the user's locale, English as fallback. */
export const ZTranslatable = z.object({ kh: z.string(), en: z.string() });
export type TTranslatable = z.infer<typeof ZTranslatable>;

export { translate } from './translate';

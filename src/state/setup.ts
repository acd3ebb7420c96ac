import { atom } from 'jotai';
import type { TClientSettings } from '@/domain/systemSettings';
import type { TTranslatable } from '@/domain/translatable';

/** `GET /mains`: the system setup the default layout loads each time it appears (spec section 7). */
export type TSetupLanguage = { local: string; name: string };
export type TSetup = {
  languages: TSetupLanguage[];
  generals: { app_name?: TTranslatable | string | null; app_logo?: string | null; [key: string]: unknown };
  /** Absent from an older server: the defaults apply. */
  settings?: TClientSettings;
};

export const setupAtom = atom<TSetup | null>(null);

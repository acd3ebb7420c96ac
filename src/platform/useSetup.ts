import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { defaultAppTitle } from '@/domain/constants';
import { systemSettingDefaults } from '@/domain/systemSettingDefaults';
import type { TClientSettings } from '@/domain/systemSettings';
import { translate } from '@/domain/translate';
import { setupAtom } from '@/state/setup';
import { fetchSetup } from './api/setup';
import { useRouteLocale } from './useRouteLocale';

/** Loads the system setup (`GET /mains`) each time the calling layout appears (spec section 2). */
export const useLoadSetup = (): void => {
  const setSetup = useSetAtom(setupAtom);
  useEffect(() => {
    const controller = new AbortController();
    void fetchSetup(controller.signal).then((setup) => {
      if (setup) setSetup(setup);
    });
    return () => controller.abort();
  }, [setSetup]);
};

/** The top bar title: app_name in the current locale, else 'Child Adoption' (spec section 1). */
export const useAppName = (): string => {
  const setup = useAtomValue(setupAtom);
  const locale = useRouteLocale();
  return translate(setup?.generals.app_name ?? null, locale) || defaultAppTitle;
};

/** The logo file name from app_logo, if one is set. */
export const useAppLogo = (): string | null => {
  const setup = useAtomValue(setupAtom);
  const logo = setup?.generals.app_logo;
  return typeof logo === 'string' && logo.trim() !== '' ? logo : null;
};

/** The system settings every screen applies, or their defaults until the setup has loaded. */
export const useClientSettings = (): TClientSettings => {
  const setup = useAtomValue(setupAtom);
  const {
    defaultRowsPerPage,
    sessionIdleMinutes,
    minimumAdopterAge,
    fourEyes,
    stageExpectedDays,
    serviceDueSoonDays,
  } = systemSettingDefaults;
  return {
    defaultRowsPerPage,
    sessionIdleMinutes,
    minimumAdopterAge,
    fourEyes,
    stageExpectedDays,
    serviceDueSoonDays,
    ...setup?.settings,
  };
};

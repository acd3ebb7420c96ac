import type { TSystemSettings } from './systemSettings';

/** Each setting's value while nothing is stored; apart from the zod schemas, which the first page need not load. */
export const systemSettingDefaults: TSystemSettings = {
  defaultRowsPerPage: 10,
  childCodePrefix: 'CH',
  sessionIdleMinutes: 30,
  organizationName: '',
};

import { defaultFollowUpSchedule, type TFollowUpEntry } from './serviceSchedule';

/**
 * Each setting's value while nothing is stored; apart from the zod schemas, which the first page
 * need not load (src/domain/systemSettings.ts checks these against its schema's type).
 */
export const systemSettingDefaults: {
  defaultRowsPerPage: 10 | 50 | 100 | 200;
  childCodePrefix: string;
  sessionIdleMinutes: number;
  organizationName: string;
  parentApprovalMonths: number;
  minimumAdopterAge: number;
  minimumAgeGap: number;
  maximumAgeGap: number;
  fourEyes: boolean;
  stageExpectedDays: { proposal: number; trial: number; warrant: number; keeping: number };
  followUpSchedule: TFollowUpEntry[];
  serviceDueSoonDays: number;
} = {
  defaultRowsPerPage: 10,
  childCodePrefix: 'CH',
  sessionIdleMinutes: 30,
  organizationName: '',
  parentApprovalMonths: 12,
  minimumAdopterAge: 25,
  minimumAgeGap: 18,
  maximumAgeGap: 45,
  fourEyes: true,
  stageExpectedDays: { proposal: 30, trial: 90, warrant: 60, keeping: 30 },
  followUpSchedule: defaultFollowUpSchedule,
  serviceDueSoonDays: 14,
};

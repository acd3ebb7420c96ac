import { z } from 'zod';
import { numberBetween, optionalText, requiredText } from './rules';
import { serviceTypes } from './serviceSchedule';
import { systemSettingDefaults as shippedDefaults } from './systemSettingDefaults';

/**
 * System settings (GET and PUT /admin/system-setting): a few typed values an administrator tunes.
 * Stored one row per key in `system_settings`; a key without a row (or with a value that no longer
 * fits) reads as its default, so adding a setting needs no migration.
 *
 * - `defaultRowsPerPage`: rows a list shows before the user picks another size (spec section 9).
 * - `childCodePrefix`: the text in front of the number of a new child record's code, e.g. `CH`.
 * - `sessionIdleMinutes`: minutes without activity before the client signs the user out.
 * - `organizationName`: the running organisation's name for headers of printouts and exports;
 *   empty when not set.
 * - `parentApprovalMonths`: how long a parent application's approval holds when the decision does
 *   not say (DESIGN.md section 4).
 * - `minimumAdopterAge`: the youngest an applicant may be (DESIGN.md section 5, the ministry's number).
 * - `minimumAgeGap`, `maximumAgeGap`: the years between an adopter and the child (18 to 45).
 * - `fourEyes`: a matching's decision is not taken by the user who took its last step that was not
 *   a decision, super users included (DESIGN.md section 4); turning it off is audited.
 * - `stageExpectedDays`: the days a matching is expected to spend in each stage; past them it is
 *   overdue (DESIGN.md section 6 'Time in stage').
 * - `followUpSchedule`: the services planned when an adoption completes, each a type and the months
 *   after the keep approval (DESIGN.md section 6 'Follow-up schedule').
 * - `serviceDueSoonDays`: a pending service is 'due soon' this many days before its planned day.
 */
export const defaultRowsPerPageOptions = [10, 50, 100, 200] as const;

export const systemSettingFields = {
  defaultRowsPerPage: z.literal(defaultRowsPerPageOptions),
  childCodePrefix: requiredText(10),
  sessionIdleMinutes: numberBetween(5, 480).int(),
  organizationName: optionalText(200),
  parentApprovalMonths: numberBetween(1, 60).int(),
  minimumAdopterAge: numberBetween(18, 70).int(),
  minimumAgeGap: numberBetween(0, 60).int(),
  maximumAgeGap: numberBetween(0, 80).int(),
  fourEyes: z.boolean(),
  stageExpectedDays: z
    .object({
      proposal: numberBetween(1, 730).int(),
      trial: numberBetween(1, 730).int(),
      warrant: numberBetween(1, 730).int(),
      keeping: numberBetween(1, 730).int(),
    })
    .strict(),
  followUpSchedule: z
    .array(z.object({ type: z.enum(serviceTypes), monthsAfter: numberBetween(1, 240).int() }).strict())
    .min(1)
    .max(24),
  serviceDueSoonDays: numberBetween(1, 180).int(),
};

export const ZSystemSettings = z.object(systemSettingFields);
export type TSystemSettings = z.infer<typeof ZSystemSettings>;
export type TSystemSettingKey = keyof TSystemSettings;

/** The defaults (src/domain/systemSettingDefaults.ts), typed by the schema: a new setting needs one there. */
export const systemSettingDefaults: TSystemSettings = shippedDefaults;

/**
 * The settings with the version of the set: it goes up by one on every save, and a save that sends
 * an older one is refused (409), so two administrators cannot silently overwrite each other.
 * 0 while nothing has been saved.
 */
export const ZSystemSettingsRecord = ZSystemSettings.extend({ version: z.number().int().min(0) });
export type TSystemSettingsRecord = z.infer<typeof ZSystemSettingsRecord>;

/** Stored values over the defaults, key by key; a stored value that does not fit is ignored. */
export const systemSettingsFromStored = (stored: Record<string, unknown>): TSystemSettings => {
  const settings: Record<string, unknown> = { ...systemSettingDefaults };
  for (const [key, schema] of Object.entries(systemSettingFields)) {
    const parsed = schema.safeParse(stored[key]);
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as TSystemSettings;
};

/** The settings the client applies for everyone, served with the setup data (`GET /mains`). */
export const ZClientSettings = ZSystemSettings.pick({
  defaultRowsPerPage: true,
  sessionIdleMinutes: true,
  // An application's page checks the applicants' ages against it (the server's rule decides).
  minimumAdopterAge: true,
  // A matching's page offers a decision four-eyes refuses with the reason; boards mark overdue stages.
  fourEyes: true,
  stageExpectedDays: true,
  // Services' lists and pages mark due-soon ones as the server does.
  serviceDueSoonDays: true,
});
export type TClientSettings = z.infer<typeof ZClientSettings>;

import { areas } from '../areas';
import { reportSettings } from '../reports/report.settings';
import { backupSettings } from './backupSettings';
import { duplicateSettings } from './duplicateSettings';
import { generalSettings } from './generalSettings';
import type { TClientSettingKeys, TSetting, TSettingsSection, TSettingsValues } from './settingsSection';

/**
 * Every section of the system settings: the application's own and each area's (its description's
 * `settings`). The settings' schema (src/domain/systemSettings.ts), their defaults, the server's
 * settings routes and the settings screen read this list; none of them names an area.
 */
export const settingsSectionsOf = (
  areaList: readonly { settings?: TSettingsSection }[],
): readonly TSettingsSection[] => [
  generalSettings,
  ...areaList.flatMap((area) => (area.settings ? [area.settings] : [])),
  // The reports read every area: their targets are no area's (issue 24).
  reportSettings,
  // The backups' schedule (issue 27): the application's, no area's.
  backupSettings,
  // The duplicate check's threshold (issue 35): children's and applications' alike.
  duplicateSettings,
];

export const systemSettingSections = settingsSectionsOf(areas);

type TAreaSection = Extract<(typeof areas)[number], { settings: TSettingsSection }>['settings'];
type TUnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (
  value: infer I,
) => void
  ? I
  : never;
type TFlat<T> = { [K in keyof T]: T[K] };
type TValuesOfEach<S> = S extends TSettingsSection ? TSettingsValues<S> : never;
type TClientKeysOfEach<S> = S extends TSettingsSection ? TClientSettingKeys<S> : never;

/** Every setting's value, by key: composed from the sections' types. */
export type TSystemSettings = TFlat<
  TSettingsValues<typeof generalSettings> &
    TUnionToIntersection<TValuesOfEach<TAreaSection>> &
    TSettingsValues<typeof reportSettings> &
    TSettingsValues<typeof backupSettings> &
    TSettingsValues<typeof duplicateSettings>
>;
export type TSystemSettingKey = keyof TSystemSettings;
/** The settings the client applies for everyone (`client: true`), served with the setup data. */
export type TClientSettings = Pick<
  TSystemSettings,
  | TClientSettingKeys<typeof generalSettings>
  | TClientKeysOfEach<TAreaSection>
  | TClientSettingKeys<typeof reportSettings>
  | TClientSettingKeys<typeof backupSettings>
  | TClientSettingKeys<typeof duplicateSettings>
>;

/** The settings of the given sections, in their order on the screen (`order`). */
export const settingsInOrder = (sections: readonly TSettingsSection[]): [string, TSetting][] =>
  sections.flatMap((section) => Object.entries(section.settings)).sort(([, a], [, b]) => a.order - b.order);

/** The sections' values while nothing is stored, key by key, in screen order. */
export const settingDefaultsOf = (sections: readonly TSettingsSection[]): Record<string, unknown> =>
  Object.fromEntries(settingsInOrder(sections).map(([key, setting]) => [key, setting.default]));

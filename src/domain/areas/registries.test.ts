import { describe, expect, it } from 'vitest';
import { matchingStageNames } from '../matchingStage';
import type { TPermissionResource } from '../permissionCatalogue';
import { defineSettingsSection, numberSetting } from '../settings/settingsSection';
import { settingDefaultsOf, settingsInOrder, settingsSectionsOf } from '../settings/systemSettingSections';
import { settingSchemasOf, systemSettingDefaults, ZClientSettings, ZSystemSettings } from '../systemSettings';
import { defineArea } from './area';
import { areas } from './index';
import { matchingSettings } from './matching.settings';

/**
 * The settings are a registry the areas fill (issue 23): a throwaway area, described here only,
 * brings its section, and the schema, the defaults and the screen's list of settings have it with
 * no other file touched.
 */
const kennelSettings = defineSettingsSection({
  name: 'kennel',
  settings: {
    kennelVisitDays: numberSetting(7, {
      order: 55,
      min: 1,
      max: 30,
      label: () => 'Days between visits',
      hint: () => 'A kennel is visited this often.',
    }),
  },
});
const kennelArea = defineArea({
  name: 'kennel',
  entity: 'kennels',
  apiBase: '/kennels',
  routeBase: '/kennels',
  permission: 'kennels' as TPermissionResource,
  menu: { key: 'kennel', icon: 'home', title: { kh: 'ទ្រុង', en: 'Kennels' } },
  settings: kennelSettings,
});

describe('the settings registry', () => {
  const sections = settingsSectionsOf([...areas, kennelArea]);

  it('composes a throwaway area’s section into the schema, the defaults and the screen’s order', () => {
    expect(sections.map((section) => section.name)).toEqual([
      'general',
      'child',
      'parent',
      'matching',
      'service',
      'kennel',
      // the reports' targets come after every area's section (issue 24)
      'reports',
      'backups',
      // the duplicate check's threshold (issue 35): both areas'
      'duplicates',
    ]);
    const keys = settingsInOrder(sections).map(([key]) => key);
    // In its place on the screen: after the approval's months (50), before the adopter's age (60).
    expect(keys.indexOf('kennelVisitDays')).toBe(keys.indexOf('parentApprovalMonths') + 1);
    expect(settingDefaultsOf(sections)).toMatchObject({ kennelVisitDays: 7, parentApprovalMonths: 12 });
    const schema = settingSchemasOf(sections).kennelVisitDays;
    expect(schema.safeParse(7).success).toBe(true);
    expect(schema.safeParse(31).success).toBe(false);
    expect(schema.safeParse(2.5).success).toBe(false);
  });

  it('leaves the application’s settings as they were: keys in screen order, defaults, client settings', () => {
    expect(Object.keys(ZSystemSettings.shape)).toEqual([
      'defaultRowsPerPage',
      'childCodePrefix',
      'sessionIdleMinutes',
      'organizationName',
      'parentApprovalMonths',
      'minimumAdopterAge',
      'minimumAgeGap',
      'maximumAgeGap',
      'fourEyes',
      'stageExpectedDays',
      'followUpSchedule',
      'serviceDueSoonDays',
      'reportTargetDays',
      'reportTargetShares',
      'duplicateThresholdPercent',
      'backupHour',
      'backupKeepDays',
    ]);
    expect(Object.keys(ZClientSettings.shape)).toEqual([
      'defaultRowsPerPage',
      'sessionIdleMinutes',
      'minimumAdopterAge',
      'fourEyes',
      'stageExpectedDays',
      'serviceDueSoonDays',
    ]);
    expect(ZSystemSettings.parse(systemSettingDefaults)).toEqual(systemSettingDefaults);
    expect(systemSettingDefaults).toMatchObject({
      defaultRowsPerPage: 10,
      childCodePrefix: 'CH',
      fourEyes: true,
      stageExpectedDays: { proposal: 30, trial: 90, warrant: 60, keeping: 30 },
      serviceDueSoonDays: 14,
      backupHour: 2,
      backupKeepDays: 14,
    });
  });

  it('names the matching stages as the action table does', () => {
    const field = matchingSettings.settings.stageExpectedDays.field;
    expect(field.input === 'numberPerPart' && field.parts).toEqual(matchingStageNames);
  });

  it('refuses what the rules refused: an empty schedule, an unknown service type, a stage left out', () => {
    const valid = ZSystemSettings.safeParse(systemSettingDefaults);
    expect(valid.success).toBe(true);
    const bad = (patch: Record<string, unknown>) =>
      ZSystemSettings.safeParse({ ...systemSettingDefaults, ...patch }).success;
    expect(bad({ followUpSchedule: [] })).toBe(false);
    expect(bad({ followUpSchedule: [{ type: 'picnic', monthsAfter: 3 }] })).toBe(false);
    expect(bad({ stageExpectedDays: { proposal: 30, trial: 90, warrant: 60 } })).toBe(false);
    expect(bad({ defaultRowsPerPage: 20 })).toBe(false);
    expect(bad({ organizationName: '' })).toBe(true);
    expect(bad({ childCodePrefix: '' })).toBe(false);
  });
});

describe('kept records (issue 27)', () => {
  it('names, for each area that keeps records, statuses of its own workflow', () => {
    const kept = Object.fromEntries(
      areas.filter((area) => area.keptStatuses).map((area) => [area.name, area.keptStatuses]),
    );
    expect(kept).toEqual({
      child: ['adopted'],
      parent: ['adopted'],
      matching: ['completed', 'rejected'],
      service: ['confirmed'],
    });
    for (const area of areas)
      for (const status of area.keptStatuses ?? [])
        expect(Object.keys(area.statuses ?? {})).toContain(status);
  });
});

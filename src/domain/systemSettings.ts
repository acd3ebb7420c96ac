import { z } from 'zod';
import { numberBetween, optionalText, requiredText } from './rules';
import type { TSettingField, TSettingsSection } from './settings/settingsSection';
import {
  settingsInOrder,
  systemSettingSections,
  type TClientSettings,
  type TSystemSettings,
} from './settings/systemSettingSections';
import { systemSettingDefaults as shippedDefaults } from './systemSettingDefaults';

export { defaultRowsPerPageOptions } from './settings/generalSettings';
export type { TClientSettings, TSystemSettingKey, TSystemSettings } from './settings/systemSettingSections';

/**
 * System settings (GET and PUT /admin/system-setting): a few typed values an administrator tunes.
 * Stored one row per key in `system_settings`; a key without a row (or with a value that no longer
 * fits) reads as its default, so adding a setting needs no migration. Each setting is described
 * once by the section of the module or area it belongs to (src/domain/settings/, an area's
 * `<name>.settings.ts`): its default, its field on the screen, and the rule below derived from the
 * field's bounds.
 */

/** A setting's rule, from its field: the bounds the screen shows are the ones checked. */
export const settingSchema = (field: TSettingField): z.ZodType => {
  switch (field.input) {
    case 'choice':
      return z.literal(field.options);
    case 'text':
      return field.optional ? optionalText(field.maxLength) : requiredText(field.maxLength);
    case 'number':
      return numberBetween(field.min, field.max).int();
    case 'switch':
      return z.boolean();
    case 'numberPerPart':
      return z
        .object(
          Object.fromEntries(
            field.parts.map((part) => {
              const number = numberBetween(field.min, field.max).int();
              return [part, field.optional ? number.nullable() : number];
            }),
          ),
        )
        .strict();
    case 'rows':
      return z
        .array(
          z
            .object({
              [field.choice.key]: z.enum(field.choice.options as [string, ...string[]]),
              [field.number.key]: numberBetween(field.number.min, field.number.max).int(),
            })
            .strict(),
        )
        .min(field.minRows)
        .max(field.maxRows);
  }
};

/** The rules of the given sections' settings, by key, in screen order. */
export const settingSchemasOf = (sections: readonly TSettingsSection[]): Record<string, z.ZodType> =>
  Object.fromEntries(settingsInOrder(sections).map(([key, setting]) => [key, settingSchema(setting.field)]));

type TSchemaShape<T> = { [K in keyof T]: z.ZodType<T[K]> };

export const systemSettingFields = settingSchemasOf(systemSettingSections) as TSchemaShape<TSystemSettings>;

export const ZSystemSettings = z.object(systemSettingFields);

/** The defaults (src/domain/systemSettingDefaults.ts), typed by the sections. */
export const systemSettingDefaults: TSystemSettings = shippedDefaults;

/**
 * The settings with the version of the set: it goes up by one on every save, and a save that sends
 * an older one is refused (409), so two administrators cannot silently overwrite each other.
 * 0 while nothing has been saved.
 */
export const ZSystemSettingsRecord = ZSystemSettings.extend({ version: z.number().int().min(0) });
export type TSystemSettingsRecord = TSystemSettings & { version: number };

/** Stored values over the defaults, key by key; a stored value that does not fit is ignored. */
export const systemSettingsFromStored = (stored: Record<string, unknown>): TSystemSettings => {
  const settings: Record<string, unknown> = { ...systemSettingDefaults };
  for (const [key, schema] of Object.entries(systemSettingFields) as [string, z.ZodType][]) {
    const parsed = schema.safeParse(stored[key]);
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as TSystemSettings;
};

/**
 * The settings the client applies for everyone (`client: true` in their sections), served with the
 * setup data (`GET /mains`).
 */
export const ZClientSettings = z.object(
  Object.fromEntries(
    settingsInOrder(systemSettingSections)
      .filter(([, setting]) => setting.client)
      .map(([key, setting]) => [key, settingSchema(setting.field)]),
  ) as TSchemaShape<TClientSettings>,
);

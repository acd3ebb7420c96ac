import type { TranslationFunctions } from '../../i18n/i18n-types';

/** A word of the settings screen, in the reader's language. */
type TWords = (LL: TranslationFunctions) => string;

/**
 * How a setting is entered and shown on the settings screen; its zod schema is derived from it
 * (src/domain/systemSettings.ts), so the rule and the field's bounds cannot drift apart.
 */
export type TSettingField =
  /** One of a few numbers, in a select (rows per page). */
  | { input: 'choice'; options: readonly number[] }
  | { input: 'text'; maxLength: number; optional: boolean; autoComplete: string }
  | { input: 'number'; min: number; max: number; shown?: (LL: TranslationFunctions, value: number) => string }
  | { input: 'switch'; on: TWords; off: TWords }
  /**
   * One number per part (a matching stage's days), each labelled by its part; `optional`: a part
   * may be left empty (null: a report's target not set).
   */
  | {
      input: 'numberPerPart';
      parts: readonly string[];
      optional?: boolean;
      /** An optional part left empty, in words ('No target'). */
      empty?: TWords;
      partLabel: (LL: TranslationFunctions, part: string) => string;
      min: number;
      max: number;
      shown: (LL: TranslationFunctions, value: number) => string;
    }
  /** A list of rows, each a choice and a number (the follow-up schedule). */
  | {
      input: 'rows';
      choice: {
        key: string;
        options: readonly string[];
        label: TWords;
        optionLabel: (LL: TranslationFunctions, option: string) => string;
      };
      number: { key: string; min: number; max: number; label: TWords };
      minRows: number;
      maxRows: number;
      rowLabel: (LL: TranslationFunctions, n: number) => string;
      removeLabel: (LL: TranslationFunctions, n: number) => string;
      addLabel: TWords;
      shown: (LL: TranslationFunctions, row: Record<string, unknown>) => string;
    };

/**
 * One system setting (GET and PUT /admin/system-setting): its value while nothing is stored, its
 * place on the screen (`order`, across sections), whether the client applies it for everyone
 * (`client`: served with the setup data), its label and hint, and its field. `V` is its value's type.
 */
export type TSetting<V = unknown, C extends boolean = boolean> = {
  default: V;
  order: number;
  client: C;
  label: TWords;
  hint: TWords;
  field: TSettingField;
};

/** A module's or an area's settings, registered once: the schema, the defaults and the screen read it. */
export type TSettingsSection = {
  name: string;
  settings: Readonly<Record<string, TSetting>>;
};

/** The values of a section's settings, by key. */
export type TSettingsValues<S extends TSettingsSection> = {
  -readonly [K in keyof S['settings']]: S['settings'][K] extends TSetting<infer V> ? V : never;
};

/** The keys of a section's settings that the client applies (`client: true`). */
export type TClientSettingKeys<S extends TSettingsSection> = {
  [K in keyof S['settings']]: S['settings'][K] extends TSetting<unknown, true> ? K : never;
}[keyof S['settings']];

type TCommon<C extends boolean> = { order: number; client?: C; label: TWords; hint: TWords };

const setting = <V, C extends boolean>(
  common: TCommon<C>,
  value: V,
  field: TSettingField,
): TSetting<V, C> => ({ ...common, client: (common.client ?? false) as C, default: value, field });

export const choiceSetting = <const O extends readonly number[], const C extends boolean = false>(
  options: O,
  value: O[number],
  common: TCommon<C>,
) => setting<O[number], C>(common, value, { input: 'choice', options });

export const textSetting = <const C extends boolean = false>(
  value: string,
  common: TCommon<C> & { maxLength: number; optional: boolean; autoComplete: string },
) =>
  setting<string, C>(common, value, {
    input: 'text',
    maxLength: common.maxLength,
    optional: common.optional,
    autoComplete: common.autoComplete,
  });

export const numberSetting = <const C extends boolean = false>(
  value: number,
  common: TCommon<C> & {
    min: number;
    max: number;
    shown?: (LL: TranslationFunctions, value: number) => string;
  },
) =>
  setting<number, C>(common, value, {
    input: 'number',
    min: common.min,
    max: common.max,
    shown: common.shown,
  });

export const switchSetting = <const C extends boolean = false>(
  value: boolean,
  common: TCommon<C> & { on: TWords; off: TWords },
) => setting<boolean, C>(common, value, { input: 'switch', on: common.on, off: common.off });

export const numberPerPartSetting = <const P extends string, const C extends boolean = false>(
  value: Record<P, number>,
  common: TCommon<C> &
    Omit<Extract<TSettingField, { input: 'numberPerPart' }>, 'input' | 'parts'> & {
      parts: readonly P[];
    },
) =>
  setting<Record<P, number>, C>(common, value, {
    input: 'numberPerPart',
    parts: common.parts,
    partLabel: common.partLabel,
    min: common.min,
    max: common.max,
    shown: common.shown,
  });

/** One number per part, each of which may be left empty (null, the default): a report's targets. */
export const optionalNumberPerPartSetting = <const P extends string, const C extends boolean = false>(
  value: Record<P, number | null>,
  common: TCommon<C> &
    Omit<Extract<TSettingField, { input: 'numberPerPart' }>, 'input' | 'parts' | 'optional' | 'empty'> & {
      parts: readonly P[];
      empty: TWords;
    },
) =>
  setting<Record<P, number | null>, C>(common, value, {
    input: 'numberPerPart',
    parts: common.parts,
    optional: true,
    empty: common.empty,
    partLabel: common.partLabel,
    min: common.min,
    max: common.max,
    shown: common.shown,
  });

type TRowsField = Extract<TSettingField, { input: 'rows' }>;

export const rowsSetting = <
  const CK extends string,
  const O extends string,
  const NK extends string,
  const C extends boolean = false,
>(
  value: (Record<CK, O> & Record<NK, number>)[],
  common: TCommon<C> &
    Omit<TRowsField, 'input' | 'choice' | 'number'> & {
      choice: Omit<TRowsField['choice'], 'key' | 'options'> & { key: CK; options: readonly O[] };
      number: Omit<TRowsField['number'], 'key'> & { key: NK };
    },
) =>
  setting<(Record<CK, O> & Record<NK, number>)[], C>(common, value, {
    input: 'rows',
    choice: common.choice,
    number: common.number,
    minRows: common.minRows,
    maxRows: common.maxRows,
    rowLabel: common.rowLabel,
    removeLabel: common.removeLabel,
    addLabel: common.addLabel,
    shown: common.shown,
  });

/** Describes a section: checks its shape and keeps each setting's value type. */
export const defineSettingsSection = <S extends TSettingsSection>(section: S): S => section;

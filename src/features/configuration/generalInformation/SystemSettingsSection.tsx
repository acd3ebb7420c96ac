import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type Control,
  type FieldErrors,
  type FieldValues,
  type UseFormRegister,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { showToast } from '@/components/feedback/toasts';
import { Field } from '@/components/form/Field';
import { inputStateProps } from '@/components/form/fieldStyles';
import { labelledResolver } from '@/components/form/labelledResolver';
import { useNoticedSave } from '@/components/form/useNoticedSave';
import { Icon } from '@/components/Icon';
import { iconButton, secondaryButton } from '@/components/ui';
import type { TSetting, TSettingField } from '@/domain/settings/settingsSection';
import { settingsInOrder, systemSettingSections } from '@/domain/settings/systemSettingSections';
import {
  type TSystemSettingKey,
  type TSystemSettings,
  type TSystemSettingsRecord,
  ZSystemSettings,
} from '@/domain/systemSettings';
import { useI18nContext } from '@/i18n/i18n-react';
import { LoadFailed, ReadOnlyNote, SectionCard } from './feedback';
import { fetchSystemSettings, saveSystemSettings } from './generalInformationApi';
import { SettingsForm } from './SettingsForm';

type TLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; record: TSystemSettingsRecord };

/**
 * Every setting in its place on the screen, from the sections the application and the areas
 * register (src/domain/settings/systemSettingSections.ts): this screen names none of them.
 */
const settings = settingsInOrder(systemSettingSections) as [TSystemSettingKey, TSetting][];
const settingByKey = new Map<string, TSetting>(settings);
const settingKeys: readonly TSystemSettingKey[] = settings.map(([key]) => key);
/**
 * Where a server message may land: each setting, each part's number (`stageExpectedDays.trial`), and
 * a row's fields (the server names them without the row: they go under the list).
 */
const fieldPaths: readonly string[] = settings.flatMap(([key, { field }]) =>
  field.input === 'numberPerPart'
    ? [key, ...field.parts.map((part) => `${key}.${part}`)]
    : field.input === 'rows'
      ? [key, `${key}.${field.choice.key}`, `${key}.${field.number.key}`]
      : [key],
);

/** An empty box stays missing (null); anything else is read as a number. */
const numberOrNull = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** A setting's value as the body holds it, from the form's (inputs hold text). */
const bodyValue = (field: TSettingField, value: unknown): unknown => {
  switch (field.input) {
    // A checkbox holds its own boolean.
    case 'switch':
      return value === true || value === 'true';
    // One number per part.
    case 'numberPerPart':
      return Object.fromEntries(
        Object.entries((value ?? {}) as Record<string, unknown>).map(([part, days]) => [
          part,
          numberOrNull(days),
        ]),
      );
    // The rows: a choice (empty when none is chosen) and a number.
    case 'rows':
      return ((value ?? []) as Record<string, unknown>[]).map((row) => ({
        [field.choice.key]: row[field.choice.key] === '' ? null : row[field.choice.key],
        [field.number.key]: numberOrNull(row[field.number.key]),
      }));
    case 'choice':
    case 'number':
      return numberOrNull(value);
    case 'text':
      return value;
  }
};

/** Inputs hold text; the body holds numbers where the settings do (an empty box stays missing). */
const bodyOf = (values: FieldValues): Record<string, unknown> =>
  Object.fromEntries(settings.map(([key, { field }]) => [key, bodyValue(field, values[key])]));

/** A setting's value as the form holds it. */
const formValue = (field: TSettingField, value: unknown): unknown => {
  switch (field.input) {
    case 'switch':
      return value;
    case 'numberPerPart':
      return Object.fromEntries(
        // An optional part left empty (null) is an empty box.
        Object.entries(value as Record<string, unknown>).map(([part, days]) => [
          part,
          days === null ? '' : String(days),
        ]),
      );
    case 'rows':
      return (value as Record<string, unknown>[]).map((row) => ({
        [field.choice.key]: row[field.choice.key],
        [field.number.key]: String(row[field.number.key]),
      }));
    default:
      return String(value);
  }
};

const formValuesOf = (values: TSystemSettings): FieldValues =>
  Object.fromEntries(settings.map(([key, { field }]) => [key, formValue(field, values[key])]));

type TSectionProps = { canUpdate: boolean; onDirtyChange: (dirty: boolean) => void };

/** System settings (GET and PUT /admin/system-setting), shown to holders of system_settings:read. */
export const SystemSettingsSection = ({ canUpdate, onDirtyChange }: TSectionProps) => {
  const { LL } = useI18nContext();
  const words = LL.generalInformation;
  const [load, setLoad] = useState<TLoad>({ state: 'loading' });
  const [loadKey, setLoadKey] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loadKey asks for a fresh copy (retry, conflict)
  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    fetchSystemSettings()
      .then((record) => current && setLoad({ state: 'ready', record }))
      .catch(() => current && setLoad({ state: 'failed' }));
    return () => {
      current = false;
    };
  }, [loadKey]);

  // A form that is gone holds no changes.
  useEffect(() => {
    if (load.state !== 'ready') onDirtyChange(false);
  }, [load.state, onDirtyChange]);

  const reload = useCallback(() => setLoadKey((key) => key + 1), []);

  return (
    <SectionCard id="system-settings" title={words.systemSettings()} hint={words.systemSettingsHint()}>
      {load.state === 'loading' ? (
        <p className="text-slate-600 text-sm dark:text-slate-300" aria-live="polite">
          {LL.layout.loading()}
        </p>
      ) : load.state === 'failed' ? (
        <LoadFailed message={words.settingsLoadFailed()} retryLabel={LL.list.retry()} onRetry={reload} />
      ) : canUpdate ? (
        <SystemSettingsForm
          key={loadKey}
          record={load.record}
          onSaved={(record) => setLoad({ state: 'ready', record })}
          onReload={reload}
          onDirtyChange={onDirtyChange}
        />
      ) : (
        <SystemSettingsView settings={load.record} />
      )}
    </SectionCard>
  );
};

/** The labels and hints of the settings, in the current language. */
const useSettingText = () => {
  const { LL } = useI18nContext();
  return useMemo(
    () => ({
      label: (path: string) => {
        const [key, ...rest] = path.split('.');
        const setting = settingByKey.get(key);
        if (!setting) return path;
        const { field } = setting;
        // A part's number is named by its part ('Trial'), under the fieldset's legend.
        if (field.input === 'numberPerPart' && rest.length > 0)
          return field.partLabel(LL, rest[rest.length - 1]);
        // A row's fields (`followUpSchedule.2.monthsAfter`, or without the row from the server).
        if (field.input === 'rows' && rest.length > 0) {
          const last = rest[rest.length - 1];
          if (last === field.choice.key) return field.choice.label(LL);
          if (last === field.number.key) return field.number.label(LL);
          return path;
        }
        return setting.label(LL);
      },
      hint: (key: TSystemSettingKey) => settingByKey.get(key)?.hint(LL) ?? '',
    }),
    [LL],
  );
};

const SystemSettingsView = ({ settings }: { settings: TSystemSettings }) => {
  const { LL } = useI18nContext();
  const text = useSettingText();
  return (
    <>
      <ReadOnlyNote text={LL.generalInformation.readOnly()} />
      <dl className="grid gap-4 sm:grid-cols-2">
        {settingKeys.map((key) => (
          <div key={key}>
            <dt className="font-medium text-slate-500 text-sm dark:text-slate-400">{text.label(key)}</dt>
            <dd className="mt-1 text-slate-900 dark:text-slate-100">
              <SettingValue settings={settings} settingKey={key} />
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
};

/** A setting's value in words: a switch says on or off, the parts' numbers one part a line. */
const SettingValue = ({
  settings: values,
  settingKey,
}: {
  settings: TSystemSettings;
  settingKey: TSystemSettingKey;
}) => {
  const { LL } = useI18nContext();
  const field = settingByKey.get(settingKey)?.field;
  const value = values[settingKey];
  if (field?.input === 'switch') return value ? field.on(LL) : field.off(LL);
  if (field?.input === 'numberPerPart')
    return (
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {field.parts.map((part) => (
          <div key={part} className="contents">
            <dt className="text-slate-600 dark:text-slate-300">{field.partLabel(LL, part)}</dt>
            <dd className="tabular-nums">
              {(value as Record<string, number | null>)[part] === null
                ? (field.empty?.(LL) ?? '')
                : field.shown(LL, (value as Record<string, number>)[part])}
            </dd>
          </div>
        ))}
      </dl>
    );
  if (field?.input === 'rows')
    return (
      <ol className="list-decimal ps-5">
        {(value as Record<string, unknown>[]).map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no identity but their place
          <li key={index}>{field.shown(LL, row)}</li>
        ))}
      </ol>
    );
  if (field?.input === 'number' && field.shown) return field.shown(LL, value as number);
  return String(value) || LL.generalInformation.notSet();
};

type TFormProps = {
  record: TSystemSettingsRecord;
  onSaved: (record: TSystemSettingsRecord) => void;
  onReload: () => void;
  onDirtyChange: (dirty: boolean) => void;
};

const SystemSettingsForm = ({ record, onSaved, onReload, onDirtyChange }: TFormProps) => {
  const { LL } = useI18nContext();
  const words = LL.generalInformation;
  const text = useSettingText();

  const { register, handleSubmit, formState, setError, reset, control } = useForm<FieldValues>({
    defaultValues: formValuesOf(record),
    mode: 'onTouched',
    resolver: labelledResolver({
      schema: ZSystemSettings,
      bodyOf,
      labelForPath: text.label,
      messages: LL.validation,
    }),
  });
  const { isDirty, isSubmitting, errors } = formState;

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const { notice, save } = useNoticedSave(
    { handleSubmit, setError, fieldPaths, labelForPath: text.label, bodyOf },
    async (body) => {
      const saved = await saveSystemSettings(body as TSystemSettings, record.version);
      reset(formValuesOf(saved));
      onSaved(saved);
      showToast(words.settingsSaved());
    },
  );

  return (
    <SettingsForm
      label={words.systemSettings()}
      saveCommand={{ id: 'save-system-settings', title: words.saveSettings() }}
      save={save}
      dirty={isDirty}
      busy={isSubmitting}
      notice={notice}
      onReload={onReload}
    >
      {settings.map(([key, setting]) => (
        <SettingInput
          key={key}
          settingKey={key}
          setting={setting}
          control={control}
          register={register}
          errors={errors}
          text={text}
        />
      ))}
    </SettingsForm>
  );
};

type TInputProps = {
  settingKey: TSystemSettingKey;
  setting: TSetting;
  control: Control<FieldValues>;
  register: UseFormRegister<FieldValues>;
  errors: FieldErrors<FieldValues>;
  text: ReturnType<typeof useSettingText>;
};

/** One setting's field, drawn from its description: a select, a box, a switch, a number per part, rows. */
const SettingInput = ({ settingKey: key, setting, control, register, errors, text }: TInputProps) => {
  const { LL } = useI18nContext();
  const { field } = setting;
  if (field.input === 'switch') {
    const id = `setting-${key}`;
    return (
      <div className="flex items-start gap-2 sm:col-span-2">
        <input
          id={id}
          type="checkbox"
          className="mt-1 size-4"
          aria-describedby={`${id}-hint`}
          {...register(key)}
        />
        <div>
          <label htmlFor={id} className="font-medium text-slate-800 text-sm dark:text-slate-100">
            {text.label(key)}
          </label>
          <p id={`${id}-hint`} className="text-slate-500 text-xs dark:text-slate-400">
            {text.hint(key)}
          </p>
        </div>
      </div>
    );
  }
  if (field.input === 'numberPerPart')
    return (
      <fieldset className="sm:col-span-2">
        <legend className="font-medium text-slate-800 text-sm dark:text-slate-100">{text.label(key)}</legend>
        <p className="mb-2 text-slate-500 text-xs dark:text-slate-400">{text.hint(key)}</p>
        <div className="grid gap-3 sm:grid-cols-4">
          {field.parts.map((part) => {
            const id = `setting-${key}-${part}`;
            const error = (errors[key] as Record<string, { message?: string }> | undefined)?.[part]?.message;
            return (
              <Field
                key={part}
                id={id}
                label={field.partLabel(LL, part)}
                required={!field.optional}
                requiredLabel={LL.form.requiredMark()}
                error={error}
              >
                <input
                  {...inputStateProps(id, error)}
                  type="number"
                  inputMode="numeric"
                  min={field.min}
                  max={field.max}
                  step={1}
                  {...register(`${key}.${part}`)}
                />
              </Field>
            );
          })}
        </div>
      </fieldset>
    );
  if (field.input === 'rows')
    return (
      <RowsEditor
        settingKey={key}
        setting={setting}
        field={field}
        control={control}
        register={register}
        errors={errors}
      />
    );
  const error = (errors[key] as { message?: string } | undefined)?.message;
  const id = `setting-${key}`;
  const input = inputStateProps(id, error);
  return (
    <Field
      id={id}
      label={text.label(key)}
      required={!(field.input === 'text' && field.optional)}
      requiredLabel={LL.form.requiredMark()}
      error={error}
      hint={text.hint(key)}
    >
      {field.input === 'choice' ? (
        <select {...input} {...register(key)}>
          {field.options.map((option) => (
            <option key={option} value={String(option)}>
              {option}
            </option>
          ))}
        </select>
      ) : field.input === 'text' ? (
        <input {...input} autoComplete={field.autoComplete} {...register(key)} />
      ) : (
        <input
          {...input}
          type="number"
          inputMode="numeric"
          min={field.min}
          max={field.max}
          step={1}
          {...register(key)}
        />
      )}
    </Field>
  );
};

type TRowsErrors = { message?: string } & Record<string, { message?: string } | undefined> &
  Record<number, Record<string, { message?: string } | undefined> | undefined>;

/**
 * A setting made of rows (the follow-up schedule: one row per service planned when an adoption
 * completes, a type and the months after). 'Add' adds a row and moves to its choice; each row's
 * remove button takes it away and moves to the row that took its place (the last row cannot go: at
 * least `minRows`). Each row's errors show under its own fields; a message about the whole list,
 * or a server message that names no row, under the legend.
 */
const RowsEditor = ({
  settingKey: key,
  setting,
  field: rowsField,
  control,
  register,
  errors,
}: {
  settingKey: string;
  setting: TSetting;
  field: Extract<TSettingField, { input: 'rows' }>;
  control: Control<FieldValues>;
  register: UseFormRegister<FieldValues>;
  errors: FieldErrors<FieldValues>;
}) => {
  const { LL } = useI18nContext();
  const { choice, number } = rowsField;
  const { fields, append, remove } = useFieldArray({ control, name: key });
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const rowsErrors = errors[key] as TRowsErrors | undefined;
  // What names no row: the list as a whole ('at least one'), a server message about some row.
  const listError =
    rowsErrors?.message ?? rowsErrors?.[choice.key]?.message ?? rowsErrors?.[number.key]?.message;
  const removeRow = (index: number) => {
    remove(index);
    // After the render: the row now in its place (or the one before it) takes the focus.
    window.requestAnimationFrame(() => {
      const selects = listRef.current?.querySelectorAll<HTMLSelectElement>('select');
      const target = selects?.[Math.min(index, selects.length - 1)];
      (target ?? addRef.current)?.focus();
    });
  };
  return (
    <fieldset
      className="sm:col-span-2"
      aria-describedby={listError ? `setting-${key}-error` : `setting-${key}-hint`}
    >
      <legend className="font-medium text-slate-800 text-sm dark:text-slate-100">{setting.label(LL)}</legend>
      <p id={`setting-${key}-hint`} className="mb-2 text-slate-500 text-xs dark:text-slate-400">
        {setting.hint(LL)}
      </p>
      {listError ? (
        <p id={`setting-${key}-error`} className="mb-2 text-error text-sm" role="alert">
          {listError}
        </p>
      ) : null}
      <ol ref={listRef} className="flex flex-col gap-3">
        {fields.map((row, index) => {
          const n = index + 1;
          const rowErrors = rowsErrors?.[index];
          const choiceId = `setting-${key}-${index}-${choice.key}`;
          const numberId = `setting-${key}-${index}-${number.key}`;
          const choiceError = rowErrors?.[choice.key]?.message;
          const numberError = rowErrors?.[number.key]?.message;
          return (
            <li key={row.id}>
              <fieldset
                aria-label={rowsField.rowLabel(LL, n)}
                className="grid items-start gap-3 sm:grid-cols-[2rem_1fr_12rem_auto]"
              >
                <span
                  aria-hidden="true"
                  className="pt-7 text-slate-500 text-sm tabular-nums dark:text-slate-400"
                >
                  {n}.
                </span>
                <Field
                  id={choiceId}
                  label={choice.label(LL)}
                  required
                  requiredLabel={LL.form.requiredMark()}
                  error={choiceError}
                >
                  <select
                    {...inputStateProps(choiceId, choiceError)}
                    {...register(`${key}.${index}.${choice.key}`)}
                  >
                    <option value="">{LL.form.choose()}</option>
                    {choice.options.map((option) => (
                      <option key={option} value={option}>
                        {choice.optionLabel(LL, option)}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field
                  id={numberId}
                  label={number.label(LL)}
                  required
                  requiredLabel={LL.form.requiredMark()}
                  error={numberError}
                >
                  <input
                    {...inputStateProps(numberId, numberError)}
                    type="number"
                    inputMode="numeric"
                    min={number.min}
                    max={number.max}
                    step={1}
                    {...register(`${key}.${index}.${number.key}`)}
                  />
                </Field>
                <button
                  type="button"
                  className={`${iconButton} sm:mt-6`}
                  aria-label={rowsField.removeLabel(LL, n)}
                  title={rowsField.removeLabel(LL, n)}
                  disabled={fields.length <= rowsField.minRows}
                  onClick={() => removeRow(index)}
                >
                  <Icon name="trash" className="size-4" />
                </button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        ref={addRef}
        type="button"
        className={`${secondaryButton} mt-3`}
        disabled={fields.length >= rowsField.maxRows}
        onClick={() =>
          append(
            { [choice.key]: '', [number.key]: '' },
            { shouldFocus: true, focusName: `${key}.${fields.length}.${choice.key}` },
          )
        }
      >
        <Icon name="plus" className="size-4" />
        {rowsField.addLabel(LL)}
      </button>
    </fieldset>
  );
};

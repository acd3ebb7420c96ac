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
import { FormNotice } from '@/components/form/FormNotice';
import { inputClass } from '@/components/form/fieldStyles';
import { validateWithLabels } from '@/components/form/formErrors';
import { noticeForSaveFailure } from '@/components/form/saveFailure';
import { useSaveShortcut } from '@/components/form/useSaveShortcut';
import { Icon } from '@/components/Icon';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { iconButton, primaryButton, secondaryButton } from '@/components/ui';
import { matchingStageNames } from '@/domain/matchingStage';
import { serviceTypes } from '@/domain/serviceSchedule';
import {
  defaultRowsPerPageOptions,
  type TSystemSettingKey,
  type TSystemSettings,
  type TSystemSettingsRecord,
  ZSystemSettings,
} from '@/domain/systemSettings';
import { useI18nContext } from '@/i18n/i18n-react';
import { LoadFailed, ReadOnlyNote, SectionCard } from './feedback';
import { fetchSystemSettings, saveSystemSettings } from './generalInformationApi';

type TLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; record: TSystemSettingsRecord };

const settingKeys: readonly TSystemSettingKey[] = [
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
];
/**
 * Where a server message may land: each setting, each stage's days (`stageExpectedDays.trial`), and
 * a schedule row's fields (the server names them without the row: they go under the schedule).
 */
const fieldPaths: readonly string[] = [
  ...settingKeys,
  ...matchingStageNames.map((stage) => `stageExpectedDays.${stage}`),
  'followUpSchedule.type',
  'followUpSchedule.monthsAfter',
];
/** The schedule has at most this many rows (the setting's rule). */
const followUpRowsAtMost = 24;
const numberKeys: readonly TSystemSettingKey[] = [
  'defaultRowsPerPage',
  'sessionIdleMinutes',
  'parentApprovalMonths',
  'minimumAdopterAge',
  'minimumAgeGap',
  'maximumAgeGap',
  'serviceDueSoonDays',
];

/** An empty box stays missing (null); anything else is read as a number. */
const numberOrNull = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** Inputs hold text; the body holds numbers where the settings do (an empty box stays missing). */
const bodyOf = (values: FieldValues): Record<string, unknown> =>
  Object.fromEntries(
    settingKeys.map((key) => {
      const value = values[key];
      // A checkbox holds its own boolean.
      if (key === 'fourEyes') return [key, value === true || value === 'true'];
      // One number per matching stage.
      if (key === 'stageExpectedDays')
        return [
          key,
          Object.fromEntries(
            Object.entries((value ?? {}) as Record<string, unknown>).map(([stage, days]) => [
              stage,
              numberOrNull(days),
            ]),
          ),
        ];
      // The schedule's rows: a type (empty when none is chosen) and the months after.
      if (key === 'followUpSchedule')
        return [
          key,
          ((value ?? []) as { type?: unknown; monthsAfter?: unknown }[]).map((row) => ({
            type: row.type === '' ? null : row.type,
            monthsAfter: numberOrNull(row.monthsAfter),
          })),
        ];
      if (!numberKeys.includes(key)) return [key, value];
      return [key, numberOrNull(value)];
    }),
  );

const formValuesOf = (settings: TSystemSettings): FieldValues =>
  Object.fromEntries(
    settingKeys.map((key) => [
      key,
      key === 'fourEyes'
        ? settings.fourEyes
        : key === 'stageExpectedDays'
          ? Object.fromEntries(Object.entries(settings.stageExpectedDays).map(([k, v]) => [k, String(v)]))
          : key === 'followUpSchedule'
            ? settings.followUpSchedule.map((row) => ({
                type: row.type,
                monthsAfter: String(row.monthsAfter),
              }))
            : String(settings[key]),
    ]),
  );

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
  const words = LL.generalInformation;
  return useMemo(
    () => ({
      label: (key: string) =>
        // A stage's days are named by the stage ('Trial'), under the fieldset's legend.
        (key.startsWith('stageExpectedDays.')
          ? (LL.options.stage as unknown as Record<string, (() => string) | undefined>)[key.split('.')[1]]?.()
          : undefined) ??
        // A schedule row's fields (`followUpSchedule.2.monthsAfter`, or without the row from the server).
        (key.startsWith('followUpSchedule.')
          ? key.endsWith('.type')
            ? LL.fields.serviceType()
            : key.endsWith('.monthsAfter')
              ? words.followUpMonths()
              : undefined
          : undefined) ??
        (
          {
            defaultRowsPerPage: words.defaultRowsPerPage,
            childCodePrefix: words.childCodePrefix,
            sessionIdleMinutes: words.sessionIdleMinutes,
            organizationName: words.organizationName,
            parentApprovalMonths: words.parentApprovalMonths,
            minimumAdopterAge: words.minimumAdopterAge,
            minimumAgeGap: words.minimumAgeGap,
            maximumAgeGap: words.maximumAgeGap,
            fourEyes: words.fourEyes,
            stageExpectedDays: words.stageExpectedDays,
            followUpSchedule: words.followUpSchedule,
            serviceDueSoonDays: words.serviceDueSoonDays,
          } as Record<string, (() => string) | undefined>
        )[key]?.() ??
        key,
      hint: (key: TSystemSettingKey) =>
        (
          ({
            defaultRowsPerPage: words.defaultRowsPerPageHint,
            childCodePrefix: words.childCodePrefixHint,
            sessionIdleMinutes: words.sessionIdleMinutesHint,
            organizationName: words.organizationNameHint,
            parentApprovalMonths: words.parentApprovalMonthsHint,
            minimumAdopterAge: words.minimumAdopterAgeHint,
            minimumAgeGap: words.minimumAgeGapHint,
            maximumAgeGap: words.maximumAgeGapHint,
            fourEyes: words.fourEyesHint,
            stageExpectedDays: words.stageExpectedDaysHint,
            followUpSchedule: words.followUpScheduleHint,
            serviceDueSoonDays: words.serviceDueSoonDaysHint,
          }) as Partial<Record<TSystemSettingKey, () => string>>
        )[key]?.() ?? '',
    }),
    [words, LL.options.stage, LL.fields],
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

/** A setting's value in words: a switch says on or off, the stages' days one stage a line. */
const SettingValue = ({
  settings,
  settingKey,
}: {
  settings: TSystemSettings;
  settingKey: TSystemSettingKey;
}) => {
  const { LL } = useI18nContext();
  const words = LL.generalInformation;
  if (settingKey === 'fourEyes') return settings.fourEyes ? words.fourEyesOn() : words.fourEyesOff();
  if (settingKey === 'stageExpectedDays')
    return (
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {matchingStageNames.map((stage) => (
          <div key={stage} className="contents">
            <dt className="text-slate-600 dark:text-slate-300">{LL.options.stage[stage]()}</dt>
            <dd className="tabular-nums">{words.stageDays({ days: settings.stageExpectedDays[stage] })}</dd>
          </div>
        ))}
      </dl>
    );
  if (settingKey === 'followUpSchedule')
    return (
      <ol className="list-decimal ps-5">
        {settings.followUpSchedule.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no identity but their place
          <li key={index}>
            {words.followUpEntry({ type: LL.options.serviceType[row.type](), months: row.monthsAfter })}
          </li>
        ))}
      </ol>
    );
  if (settingKey === 'serviceDueSoonDays') return words.stageDays({ days: settings.serviceDueSoonDays });
  return String(settings[settingKey]) || words.notSet();
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
  const formRef = useRef<HTMLFormElement>(null);
  const [notice, setNotice] = useState<{ message: string; conflict?: boolean } | null>(null);

  const { register, handleSubmit, formState, setError, reset, control } = useForm<FieldValues>({
    defaultValues: formValuesOf(record),
    mode: 'onTouched',
    resolver: async (values) => {
      const errors = validateWithLabels(ZSystemSettings, bodyOf(values), text.label, LL.validation);
      return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
    },
  });
  const { isDirty, isSubmitting, errors } = formState;

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const save = handleSubmit(
    async (values) => {
      setNotice(null);
      try {
        const saved = await saveSystemSettings(bodyOf(values) as TSystemSettings, record.version);
        reset(formValuesOf(saved));
        onSaved(saved);
        showToast(words.settingsSaved());
      } catch (error) {
        setNotice(noticeForSaveFailure(error, { fieldPaths, labelForPath: text.label, setError, LL }));
      }
    },
    () => setNotice({ message: LL.form.fixErrors() }),
  );

  useSaveShortcut(save, { dirty: isDirty, formRef });

  const commands = useMemo<TCommand[]>(
    () => [
      {
        id: 'save-system-settings',
        title: words.saveSettings(),
        group: LL.palette.actions(),
        icon: 'save',
        perform: () => void save(),
      },
    ],
    [words, LL, save],
  );
  useRegisterCommands(commands);

  const fieldProps = (key: TSystemSettingKey) => {
    const error = (errors[key] as { message?: string } | undefined)?.message;
    const id = `setting-${key}`;
    return {
      field: {
        id,
        label: text.label(key),
        required: key !== 'organizationName',
        requiredLabel: LL.form.requiredMark(),
        error,
        hint: text.hint(key),
      },
      input: {
        id,
        className: inputClass(Boolean(error)),
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? `${id}-error` : undefined,
      },
    };
  };

  const rows = fieldProps('defaultRowsPerPage');
  const prefix = fieldProps('childCodePrefix');
  const idle = fieldProps('sessionIdleMinutes');
  const organization = fieldProps('organizationName');
  const approvalMonths = fieldProps('parentApprovalMonths');
  const adopterAge = fieldProps('minimumAdopterAge');
  const gapMin = fieldProps('minimumAgeGap');
  const gapMax = fieldProps('maximumAgeGap');
  const dueSoon = fieldProps('serviceDueSoonDays');
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={words.systemSettings()}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FormNotice notice={notice} onReload={onReload} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...rows.field}>
          <select {...rows.input} {...register('defaultRowsPerPage')}>
            {defaultRowsPerPageOptions.map((option) => (
              <option key={option} value={String(option)}>
                {option}
              </option>
            ))}
          </select>
        </Field>
        <Field {...prefix.field}>
          <input {...prefix.input} autoComplete="off" {...register('childCodePrefix')} />
        </Field>
        <Field {...idle.field}>
          <input
            {...idle.input}
            type="number"
            inputMode="numeric"
            min={5}
            max={480}
            step={1}
            {...register('sessionIdleMinutes')}
          />
        </Field>
        <Field {...organization.field}>
          <input {...organization.input} autoComplete="organization" {...register('organizationName')} />
        </Field>
        <Field {...approvalMonths.field}>
          <input
            {...approvalMonths.input}
            type="number"
            inputMode="numeric"
            min={1}
            max={60}
            step={1}
            {...register('parentApprovalMonths')}
          />
        </Field>
        <Field {...adopterAge.field}>
          <input
            {...adopterAge.input}
            type="number"
            inputMode="numeric"
            min={18}
            max={70}
            step={1}
            {...register('minimumAdopterAge')}
          />
        </Field>
        <Field {...gapMin.field}>
          <input
            {...gapMin.input}
            type="number"
            inputMode="numeric"
            min={0}
            max={60}
            step={1}
            {...register('minimumAgeGap')}
          />
        </Field>
        <Field {...gapMax.field}>
          <input
            {...gapMax.input}
            type="number"
            inputMode="numeric"
            min={0}
            max={80}
            step={1}
            {...register('maximumAgeGap')}
          />
        </Field>
        <div className="flex items-start gap-2 sm:col-span-2">
          <input
            id="setting-fourEyes"
            type="checkbox"
            className="mt-1 size-4"
            aria-describedby="setting-fourEyes-hint"
            {...register('fourEyes')}
          />
          <div>
            <label
              htmlFor="setting-fourEyes"
              className="font-medium text-slate-800 text-sm dark:text-slate-100"
            >
              {text.label('fourEyes')}
            </label>
            <p id="setting-fourEyes-hint" className="text-slate-500 text-xs dark:text-slate-400">
              {text.hint('fourEyes')}
            </p>
          </div>
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="font-medium text-slate-800 text-sm dark:text-slate-100">
            {text.label('stageExpectedDays')}
          </legend>
          <p className="mb-2 text-slate-500 text-xs dark:text-slate-400">{text.hint('stageExpectedDays')}</p>
          <div className="grid gap-3 sm:grid-cols-4">
            {matchingStageNames.map((stage) => {
              const id = `setting-stageExpectedDays-${stage}`;
              const error = (errors.stageExpectedDays as Record<string, { message?: string }> | undefined)?.[
                stage
              ]?.message;
              return (
                <Field
                  key={stage}
                  id={id}
                  label={LL.options.stage[stage]()}
                  required
                  requiredLabel={LL.form.requiredMark()}
                  error={error}
                >
                  <input
                    id={id}
                    className={inputClass(Boolean(error))}
                    aria-invalid={Boolean(error)}
                    aria-describedby={error ? `${id}-error` : undefined}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={730}
                    step={1}
                    {...register(`stageExpectedDays.${stage}`)}
                  />
                </Field>
              );
            })}
          </div>
        </fieldset>
        <FollowUpScheduleEditor control={control} register={register} errors={errors} />
        <Field {...dueSoon.field}>
          <input
            {...dueSoon.input}
            type="number"
            inputMode="numeric"
            min={1}
            max={180}
            step={1}
            {...register('serviceDueSoonDays')}
          />
        </Field>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          <Icon name="save" className="size-4" />
          {isSubmitting ? LL.form.saving() : LL.form.save()}
        </button>
        <span className="text-slate-500 text-xs dark:text-slate-400">{LL.form.saveShortcut()}</span>
      </div>
    </form>
  );
};

type TScheduleErrors = {
  message?: string;
  type?: { message?: string };
  monthsAfter?: { message?: string };
} & Record<number, { type?: { message?: string }; monthsAfter?: { message?: string } } | undefined>;

/**
 * The follow-up schedule (setting `followUpSchedule`): one row per service planned when an adoption
 * completes, a type and the months after. 'Add a service' adds a row and moves to its type; each
 * row's remove button takes it away and moves to the row that took its place (the last row cannot
 * go: at least one). Each row's errors show under its own fields; a message about the whole list,
 * or a server message that names no row, under the legend.
 */
const FollowUpScheduleEditor = ({
  control,
  register,
  errors,
}: {
  control: Control<FieldValues>;
  register: UseFormRegister<FieldValues>;
  errors: FieldErrors<FieldValues>;
}) => {
  const { LL } = useI18nContext();
  const words = LL.generalInformation;
  const { fields, append, remove } = useFieldArray({ control, name: 'followUpSchedule' });
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const scheduleErrors = errors.followUpSchedule as TScheduleErrors | undefined;
  // What names no row: the list as a whole ('at least one'), a server message about some row.
  const listError =
    scheduleErrors?.message ?? scheduleErrors?.type?.message ?? scheduleErrors?.monthsAfter?.message;
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
      aria-describedby={listError ? 'setting-followUpSchedule-error' : 'setting-followUpSchedule-hint'}
    >
      <legend className="font-medium text-slate-800 text-sm dark:text-slate-100">
        {words.followUpSchedule()}
      </legend>
      <p id="setting-followUpSchedule-hint" className="mb-2 text-slate-500 text-xs dark:text-slate-400">
        {words.followUpScheduleHint()}
      </p>
      {listError ? (
        <p id="setting-followUpSchedule-error" className="mb-2 text-error text-sm" role="alert">
          {listError}
        </p>
      ) : null}
      <ol ref={listRef} className="flex flex-col gap-3">
        {fields.map((field, index) => {
          const n = index + 1;
          const rowErrors = scheduleErrors?.[index];
          const typeId = `setting-followUpSchedule-${index}-type`;
          const monthsId = `setting-followUpSchedule-${index}-monthsAfter`;
          const typeError = rowErrors?.type?.message;
          const monthsError = rowErrors?.monthsAfter?.message;
          return (
            <li key={field.id}>
              <fieldset
                aria-label={words.followUpRow({ n })}
                className="grid items-start gap-3 sm:grid-cols-[2rem_1fr_12rem_auto]"
              >
                <span
                  aria-hidden="true"
                  className="pt-7 text-slate-500 text-sm tabular-nums dark:text-slate-400"
                >
                  {n}.
                </span>
                <Field
                  id={typeId}
                  label={LL.fields.serviceType()}
                  required
                  requiredLabel={LL.form.requiredMark()}
                  error={typeError}
                >
                  <select
                    id={typeId}
                    className={inputClass(Boolean(typeError))}
                    aria-invalid={Boolean(typeError)}
                    aria-describedby={typeError ? `${typeId}-error` : undefined}
                    {...register(`followUpSchedule.${index}.type`)}
                  >
                    <option value="">{LL.form.choose()}</option>
                    {serviceTypes.map((type) => (
                      <option key={type} value={type}>
                        {LL.options.serviceType[type]()}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field
                  id={monthsId}
                  label={words.followUpMonths()}
                  required
                  requiredLabel={LL.form.requiredMark()}
                  error={monthsError}
                >
                  <input
                    id={monthsId}
                    className={inputClass(Boolean(monthsError))}
                    aria-invalid={Boolean(monthsError)}
                    aria-describedby={monthsError ? `${monthsId}-error` : undefined}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={240}
                    step={1}
                    {...register(`followUpSchedule.${index}.monthsAfter`)}
                  />
                </Field>
                <button
                  type="button"
                  className={`${iconButton} sm:mt-6`}
                  aria-label={words.followUpRemove({ n })}
                  title={words.followUpRemove({ n })}
                  disabled={fields.length <= 1}
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
        disabled={fields.length >= followUpRowsAtMost}
        onClick={() =>
          append(
            { type: '', monthsAfter: '' },
            { shouldFocus: true, focusName: `followUpSchedule.${fields.length}.type` },
          )
        }
      >
        <Icon name="plus" className="size-4" />
        {words.followUpAdd()}
      </button>
    </fieldset>
  );
};

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { z } from 'zod';
import { showToast } from '@/components/feedback/toasts';
import { Field } from '@/components/form/Field';
import { FormNotice } from '@/components/form/FormNotice';
import { inputClass } from '@/components/form/fieldStyles';
import { validateWithLabels } from '@/components/form/formErrors';
import { noticeForSaveFailure } from '@/components/form/saveFailure';
import { useSaveShortcut } from '@/components/form/useSaveShortcut';
import { Icon } from '@/components/Icon';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { primaryButton } from '@/components/ui';
import { type TAppName, type TGeneralInformationItem, ZAppName } from '@/domain/generalInformation';
import { useI18nContext } from '@/i18n/i18n-react';
import { ReadOnlyNote } from './feedback';
import { saveAppName } from './generalInformationApi';

/** The form's values: the PATCH body without its version, so field paths match the server's messages. */
const ZAppNameForm = z.object({ value: ZAppName });
const languages = ['kh', 'en'] as const;
const fieldPaths = ['value.kh', 'value.en', 'value'];

/** The stored value as {kh, en}; it may also come as a JSON string of one (spec section 3). */
export const appNameOf = (value: unknown): TAppName => {
  let object = value;
  if (typeof value === 'string') {
    try {
      object = JSON.parse(value);
    } catch {
      return { kh: value, en: value };
    }
  }
  const record = (object && typeof object === 'object' ? object : {}) as Partial<Record<string, unknown>>;
  return {
    kh: typeof record.kh === 'string' ? record.kh : '',
    en: typeof record.en === 'string' ? record.en : '',
  };
};

type TAppNameFormProps = {
  item: TGeneralInformationItem;
  canUpdate: boolean;
  onSaved: (item: TGeneralInformationItem) => void;
  onReload: () => void;
  onDirtyChange: (dirty: boolean) => void;
};

/** The app name in Khmer and English side by side (PATCH with the version; 409 offers a reload). */
export const AppNameForm = ({ item, canUpdate, onSaved, onReload, onDirtyChange }: TAppNameFormProps) => {
  const { LL } = useI18nContext();
  const words = LL.generalInformation;
  const formRef = useRef<HTMLFormElement>(null);
  const [notice, setNotice] = useState<{ message: string; conflict?: boolean } | null>(null);
  const saved = appNameOf(item.value);

  const labelOf = useCallback(
    (path: string) =>
      path === 'value.kh'
        ? words.appNameKh()
        : path === 'value.en'
          ? words.appNameEn()
          : words.appNameSection(),
    [words],
  );

  const { register, handleSubmit, formState, setError, reset } = useForm<FieldValues>({
    defaultValues: { value: saved },
    mode: 'onTouched',
    resolver: async (values) => {
      const errors = validateWithLabels(ZAppNameForm, values, labelOf, LL.validation);
      return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
    },
  });
  const { isDirty, isSubmitting, errors } = formState;

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const save = handleSubmit(
    async (values) => {
      setNotice(null);
      const value = (values as { value: TAppName }).value;
      try {
        const updated = await saveAppName(item.id, value, item.version);
        reset({ value: appNameOf(updated.value) });
        onSaved(updated);
        showToast(words.appNameSaved());
      } catch (error) {
        setNotice(noticeForSaveFailure(error, { fieldPaths, labelForPath: labelOf, setError, LL }));
      }
    },
    () => setNotice({ message: LL.form.fixErrors() }),
  );

  useSaveShortcut(save, { dirty: isDirty, formRef, enabled: canUpdate });

  const commands = useMemo<TCommand[]>(
    () =>
      canUpdate
        ? [
            {
              id: 'save-app-name',
              title: words.saveAppName(),
              group: LL.palette.actions(),
              icon: 'save',
              perform: () => void save(),
            },
          ]
        : [],
    [canUpdate, words, LL, save],
  );
  useRegisterCommands(commands);

  if (!canUpdate) {
    return (
      <>
        <ReadOnlyNote text={words.readOnly()} />
        <dl className="grid gap-4 sm:grid-cols-2">
          {languages.map((language) => (
            <div key={language}>
              <dt className="font-medium text-slate-500 text-sm dark:text-slate-400">
                {labelOf(`value.${language}`)}
              </dt>
              <dd lang={language === 'kh' ? 'km' : 'en'} className="mt-1 text-slate-900 dark:text-slate-100">
                {saved[language] || words.notSet()}
              </dd>
            </div>
          ))}
        </dl>
      </>
    );
  }

  const nested = errors.value as Record<string, { message?: string }> | undefined;
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={words.appNameSection()}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FormNotice notice={notice} onReload={onReload} />
      <div className="grid gap-4 sm:grid-cols-2">
        {languages.map((language) => {
          const id = `app-name-${language}`;
          const error = nested?.[language]?.message;
          return (
            <Field
              key={language}
              id={id}
              label={labelOf(`value.${language}`)}
              required
              requiredLabel={LL.form.requiredMark()}
              error={error}
            >
              <input
                id={id}
                lang={language === 'kh' ? 'km' : 'en'}
                autoComplete="off"
                className={inputClass(Boolean(error))}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-error` : undefined}
                {...register(`value.${language}`)}
              />
            </Field>
          );
        })}
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

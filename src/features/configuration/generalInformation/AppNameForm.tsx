import { useCallback, useEffect } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { z } from 'zod';
import { showToast } from '@/components/feedback/toasts';
import { Field } from '@/components/form/Field';
import { inputStateProps } from '@/components/form/fieldStyles';
import { labelledResolver } from '@/components/form/labelledResolver';
import { useNoticedSave } from '@/components/form/useNoticedSave';
import { type TAppName, type TGeneralInformationItem, ZAppName } from '@/domain/generalInformation';
import { useI18nContext } from '@/i18n/i18n-react';
import { ReadOnlyNote } from './feedback';
import { saveAppName } from './generalInformationApi';
import { SettingsForm } from './SettingsForm';

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
    resolver: labelledResolver({
      schema: ZAppNameForm,
      bodyOf: (values) => values,
      labelForPath: labelOf,
      messages: LL.validation,
    }),
  });
  const { isDirty, isSubmitting, errors } = formState;

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const { notice, save } = useNoticedSave(
    {
      handleSubmit,
      setError,
      fieldPaths,
      labelForPath: labelOf,
      bodyOf: (values) => values.value as TAppName,
    },
    async (value) => {
      const updated = await saveAppName(item.id, value, item.version);
      reset({ value: appNameOf(updated.value) });
      onSaved(updated);
      showToast(words.appNameSaved());
    },
  );

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
    <SettingsForm
      label={words.appNameSection()}
      saveCommand={{ id: 'save-app-name', title: words.saveAppName() }}
      save={save}
      dirty={isDirty}
      busy={isSubmitting}
      notice={notice}
      onReload={onReload}
    >
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
              {...inputStateProps(id, error)}
              lang={language === 'kh' ? 'km' : 'en'}
              autoComplete="off"
              {...register(`value.${language}`)}
            />
          </Field>
        );
      })}
    </SettingsForm>
  );
};

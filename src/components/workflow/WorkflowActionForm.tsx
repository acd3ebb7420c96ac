import { type KeyboardEvent, useState } from 'react';
import { Controller, type FieldErrors, type FieldValues, get, set, useForm, useWatch } from 'react-hook-form';
import { showToast } from '@/components/feedback/toasts';
import { DateInput } from '@/components/form/DateInput';
import { DialogForm } from '@/components/form/DialogForm';
import { Field } from '@/components/form/Field';
import { DialogFooter, SubmitButton } from '@/components/form/FormButtons';
import { FormNotice } from '@/components/form/FormNotice';
import { inputStateProps } from '@/components/form/fieldStyles';
import { validateWithLabels } from '@/components/form/formErrors';
import { noticeForSaveFailure, type TFormNotice } from '@/components/form/saveFailure';
import { useResourceText } from '@/components/resource/useResourceText';
import { isoDateIn } from '@/domain/programmeTime';
import type { TFieldDef } from '@/domain/resource';
import { useI18nContext } from '@/i18n/i18n-react';
import { api } from '@/platform/api/client';
import { useClientSettings } from '@/platform/useSetup';
import { actionMaxLength, fieldIdPart, workflowActionBody, workflowActionDefaults } from './actionBody';
import {
  noActionNeeds,
  type TClientWorkflow,
  type TWorkflowSubject,
  type TWorkflowTexts,
} from './clientWorkflow';
import type { TWorkflowAnswer } from './workflowAnswer';

type TActionResult = { data: TWorkflowAnswer };

/**
 * The form of one workflow action's dialog: `PATCH {apiBase}/{action}/{id}` with the record's
 * version, its fields drawn from the action table (dates, texts, choices; a dotted key such as
 * `findings.health` is sent nested, actionBody.ts). A 400 puts the server's messages under their
 * fields, a 409 (the status moved on, or someone else saved first) says why and offers to reload;
 * success toasts, closes and hands the answer to the page. Its own module with the form library,
 * the date field and the validation: the dialog loads it when it opens (WorkflowActionDialog.tsx).
 */
export const WorkflowActionForm = ({
  client,
  name,
  subject,
  texts,
  onClose,
  reload,
  answered,
}: {
  client: TClientWorkflow;
  name: string;
  subject: TWorkflowSubject;
  texts: TWorkflowTexts;
  onClose: () => void;
  reload: () => void;
  answered: (answer: TWorkflowAnswer) => void;
}) => {
  const { LL } = useI18nContext();
  const { optionLabel } = useResourceText(client.resourceName);
  const action = client.workflow.actions[name];
  const settings = useClientSettings();
  const [notice, setNotice] = useState<TFormNotice | null>(null);
  // Today in the programme's time zone: the server refuses a later date.
  const [today] = useState(() => isoDateIn(new Date()));
  /** What this record asks of the action beyond its table, for the values typed (issue 22). */
  const needsFor = (values: Readonly<Record<string, unknown>>) =>
    client.needs && subject.record ? client.needs(name, subject.record, values, settings, LL) : noActionNeeds;
  const tableFields = action.fields;
  const fieldPaths = tableFields.map((field) => field.key);
  const labelOf = (field: TFieldDef) => texts.field(field.label ?? field.key);
  const labelForPath = (path: string) => {
    const field = tableFields.find((candidate) => candidate.key === path);
    return field ? labelOf(field) : path;
  };
  /** A date field of a day gone by (most); an approval's end may be ahead. */
  const upToToday = (field: TFieldDef) => field.kind === 'date' && !action.laterDates?.includes(field.key);

  const { register, handleSubmit, formState, setError, control } = useForm<FieldValues>({
    defaultValues: workflowActionDefaults(tableFields, (field) =>
      upToToday(field) && field.required ? today : '',
    ),
    mode: 'onTouched',
    resolver: async (values) => {
      const body = workflowActionBody(action, subject.id, values);
      const errors: FieldErrors<FieldValues> = validateWithLabels(
        action.body,
        body,
        labelForPath,
        LL.validation,
      );
      // A field this record makes required (a short trial's reason) is refused blank, as the server does.
      for (const key of needsFor(values).required) {
        if (!get(errors, key) && !String(get(values, key) ?? '').trim())
          set(errors, key, {
            type: 'required',
            message: LL.validation.required({ label: labelForPath(key) }),
          });
      }
      for (const field of tableFields) {
        if (upToToday(field) && !get(errors, field.key) && String(get(values, field.key)) > today) {
          set(errors, field.key, { type: 'future', message: texts.dateFuture() });
        }
      }
      return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
    },
  });
  const { errors, isSubmitting } = formState;
  // Read on every change: the trial's days follow the date as it is typed.
  const watched = useWatch({ control }) as Record<string, unknown>;
  const needs = needsFor(watched);
  const fields = tableFields.filter((field) => !needs.hidden.includes(field.key));
  const hasLongText = fields.some((field) => field.kind === 'textarea');
  const firstField = fields[0]?.key;

  const save = handleSubmit(async (values) => {
    setNotice(null);
    const body = workflowActionBody(action, subject.id, values);
    try {
      // A write ('notice'): the dialog stays and says what went wrong; a 401 still ends the session.
      const { data } = await api<TActionResult>(`${client.apiBase}/${name}/${subject.id}`, {
        method: 'PATCH',
        body: { ...body, version: subject.version },
      });
      showToast(
        texts.done({
          action: texts.action(name),
          status: optionLabel('status', data.status ?? String(data.record?.status ?? '')),
        }),
      );
      onClose();
      answered(data);
    } catch (error) {
      setNotice(noticeForSaveFailure(error, { fieldPaths, labelForPath, setError, LL }));
    }
  });

  // A several-line field: Enter is a new line there, Ctrl/Cmd+Enter saves.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
      event.preventDefault();
      void save();
    }
  };

  // Errors sit at the fields' paths (`findings.health` under `findings`).
  const errorOf = (key: string) => (get(errors, key) as { message?: string } | undefined)?.message;
  const idOf = (key: string) => `${client.idPrefix}-action-${fieldIdPart(key)}`;
  return (
    <DialogForm onSave={save} onKeyDown={onKeyDown}>
      <FormNotice
        notice={notice}
        onReload={() => {
          onClose();
          reload();
        }}
      />
      {needs.note ? (
        <p
          id={`${client.idPrefix}-action-note`}
          aria-live="polite"
          className={
            // Amber when it asks for more (a short trial, a failed eligibility); plain when it only informs.
            needs.required.length > 0
              ? 'mb-4 rounded-md bg-amber-50 px-3 py-2 text-amber-900 text-sm dark:bg-amber-950 dark:text-amber-100'
              : 'mb-4 rounded-md bg-slate-50 px-3 py-2 text-slate-700 text-sm dark:bg-slate-900 dark:text-slate-200'
          }
        >
          {needs.note}
        </p>
      ) : null}
      {fields.length > 0 ? (
        <div className="grid gap-4">
          {fields.map((field) => {
            const error = errorOf(field.key);
            const id = idOf(field.key);
            return (
              <Field
                key={field.key}
                id={id}
                label={labelOf(field)}
                required={field.required || needs.required.includes(field.key)}
                requiredLabel={LL.form.requiredMark()}
                error={error}
              >
                {field.kind === 'date' ? (
                  <Controller
                    control={control}
                    name={field.key}
                    render={({ field: control }) => (
                      <DateInput
                        id={id}
                        name={control.name}
                        ref={control.ref}
                        value={control.value as string}
                        onChange={control.onChange}
                        onBlur={control.onBlur}
                        max={upToToday(field) ? today : undefined}
                        invalid={Boolean(error)}
                        describedBy={error ? `${id}-error` : undefined}
                        required={field.required}
                        autoFocus={field.key === firstField}
                      />
                    )}
                  />
                ) : field.kind === 'select' ? (
                  // A native choice: arrow keys and typing pick, the screen reader says it.
                  <select
                    {...inputStateProps(id, error)}
                    aria-required={field.required}
                    autoFocus={field.key === firstField}
                    {...register(field.key)}
                  >
                    <option value="">{LL.form.choose()}</option>
                    {field.options?.map((option) => (
                      <option key={option} value={option}>
                        {optionLabel(field.optionsLabel ?? field.key, option)}
                      </option>
                    ))}
                  </select>
                ) : field.kind === 'textarea' ? (
                  <textarea
                    {...inputStateProps(id, error)}
                    rows={4}
                    maxLength={actionMaxLength(action, field.key)}
                    autoFocus={field.key === firstField}
                    {...register(field.key)}
                  />
                ) : (
                  <input
                    {...inputStateProps(id, error)}
                    type="text"
                    maxLength={actionMaxLength(action, field.key)}
                    autoFocus={field.key === firstField}
                    {...register(field.key)}
                  />
                )}
              </Field>
            );
          })}
        </div>
      ) : null}
      <DialogFooter
        hint={hasLongText ? texts.formHint() : fields.length > 0 ? texts.dateHint() : texts.confirmHint()}
        onCancel={onClose}
      >
        {/* Without a field, the confirm button takes the focus: Enter confirms, Esc closes. */}
        <SubmitButton
          icon={action.icon}
          busy={isSubmitting}
          busyLabel={texts.working()}
          label={texts.action(name)}
          autoFocus={fields.length === 0}
        />
      </DialogFooter>
    </DialogForm>
  );
};

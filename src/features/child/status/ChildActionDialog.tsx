import { type KeyboardEvent, useState } from 'react';
import { Controller, type FieldErrors, type FieldValues, useForm } from 'react-hook-form';
import { api } from '@/api/client';
import { ModalDialog } from '@/components/feedback/ModalDialog';
import { showToast } from '@/components/feedback/toasts';
import { DateInput } from '@/components/form/DateInput';
import { Field } from '@/components/form/Field';
import { FormNotice } from '@/components/form/FormNotice';
import { inputClass } from '@/components/form/fieldStyles';
import { validateWithLabels } from '@/components/form/formErrors';
import { noticeForSaveFailure, type TFormNotice } from '@/components/form/saveFailure';
import { Icon } from '@/components/Icon';
import { useResourceText } from '@/components/resource/useResourceText';
import { primaryButton, secondaryButton } from '@/components/ui';
import {
  childActionBodies,
  childReasonMaxLength,
  isoDateIn,
  type TChildActionName,
  type TChildStatus,
} from '@/domain/childStatus';
import { useI18nContext } from '@/i18n/i18n-react';
import { childActionIcons, childActionIntro, childActionLabel } from './childActionText';
import { actionNeedsDate, actionNeedsReason } from './visibleChildActions';

/** What a dialog needs of the child: its id, the version it was read at, and its name. */
export type TActionChild = { id: number; version: number; name: string };

type TActionResult = { data: { id: number; status: TChildStatus; version: number } };

const fieldPaths = ['date', 'reason'];

/** The body an action sends (spec section 3): confirm `{ id, date }`, unconfirm `{}`, the others `{ date, reason }`. */
export const childActionBody = (
  action: TChildActionName,
  childId: number,
  values: { date: string; reason: string },
): Record<string, unknown> => {
  if (action === 'confirm-adoption') return { id: childId, date: values.date };
  if (actionNeedsReason(action)) return { date: values.date, reason: values.reason };
  return {};
};

/**
 * The dialog of one status action: `PATCH /child-infos/{action}/{id}` with the record's version.
 * A 400 puts the server's messages under their fields, a 409 (the status moved on, or someone else
 * saved first) says why and offers to reload; success toasts, closes and reloads the page.
 */
export const ChildActionDialog = ({
  action,
  child,
  onClose,
  reload,
}: {
  action: TChildActionName | null;
  child: TActionChild | null;
  onClose: () => void;
  reload: () => void;
}) => {
  const { LL } = useI18nContext();
  return (
    <ModalDialog
      open={action !== null && child !== null}
      title={action ? childActionLabel(LL, action) : ''}
      intro={action && child ? childActionIntro(LL, action, child.name) : undefined}
      onClose={onClose}
    >
      {action && child ? (
        <ActionForm
          key={`${action}-${child.id}`}
          action={action}
          child={child}
          onClose={onClose}
          reload={reload}
        />
      ) : null}
    </ModalDialog>
  );
};

const ActionForm = ({
  action,
  child,
  onClose,
  reload,
}: {
  action: TChildActionName;
  child: TActionChild;
  onClose: () => void;
  reload: () => void;
}) => {
  const { LL } = useI18nContext();
  const { optionLabel } = useResourceText('child');
  const [notice, setNotice] = useState<TFormNotice | null>(null);
  // Today in the programme's time zone: the server refuses a later date.
  const [today] = useState(() => isoDateIn(new Date()));
  const needsDate = actionNeedsDate(action);
  const needsReason = actionNeedsReason(action);
  const dateLabel =
    action === 'confirm-adoption' ? LL.childStatus.confirmDate() : LL.childStatus.effectiveDate();
  const labelForPath = (path: string) => (path === 'reason' ? LL.childStatus.reason() : dateLabel);

  const { register, handleSubmit, formState, setError, control } = useForm<FieldValues>({
    defaultValues: { date: today, reason: '' },
    mode: 'onTouched',
    resolver: async (values) => {
      const body = childActionBody(action, child.id, values as { date: string; reason: string });
      const errors: FieldErrors<FieldValues> = validateWithLabels(
        childActionBodies[action],
        body,
        labelForPath,
        LL.validation,
      );
      if (needsDate && !errors.date && String(values.date) > today) {
        errors.date = { type: 'future', message: LL.childStatus.dateFuture() };
      }
      return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
    },
  });
  const { errors, isSubmitting } = formState;

  const save = handleSubmit(async (values) => {
    setNotice(null);
    const body = childActionBody(action, child.id, values as { date: string; reason: string });
    try {
      // A write ('notice'): the dialog stays and says what went wrong; a 401 still ends the session.
      const { data } = await api<TActionResult>(`/child-infos/${action}/${child.id}`, {
        method: 'PATCH',
        body: { ...body, version: child.version },
      });
      showToast(
        LL.childStatus.done({
          action: childActionLabel(LL, action),
          status: optionLabel('status', data.status),
        }),
      );
      onClose();
      reload();
    } catch (error) {
      setNotice(noticeForSaveFailure(error, { fieldPaths, labelForPath, setError, LL }));
    }
  });

  // A reason is several lines: Enter is a new line there, Ctrl/Cmd+Enter saves.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
      event.preventDefault();
      void save();
    }
  };

  const dateError = (errors.date as { message?: string } | undefined)?.message;
  const reasonError = (errors.reason as { message?: string } | undefined)?.message;
  return (
    <form
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void save();
      }}
    >
      <FormNotice
        notice={notice}
        onReload={() => {
          onClose();
          reload();
        }}
      />
      {needsDate ? (
        <div className="grid gap-4">
          <Field
            id="child-action-date"
            label={dateLabel}
            required
            requiredLabel={LL.form.requiredMark()}
            error={dateError}
          >
            <Controller
              control={control}
              name="date"
              render={({ field }) => (
                <DateInput
                  id="child-action-date"
                  name={field.name}
                  ref={field.ref}
                  value={field.value as string}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  max={today}
                  invalid={Boolean(dateError)}
                  describedBy={dateError ? 'child-action-date-error' : undefined}
                  required
                  autoFocus
                />
              )}
            />
          </Field>
          {needsReason ? (
            <Field
              id="child-action-reason"
              label={LL.childStatus.reason()}
              required
              requiredLabel={LL.form.requiredMark()}
              error={reasonError}
            >
              <textarea
                id="child-action-reason"
                rows={4}
                maxLength={childReasonMaxLength}
                className={inputClass(Boolean(reasonError))}
                aria-invalid={Boolean(reasonError)}
                aria-describedby={reasonError ? 'child-action-reason-error' : undefined}
                {...register('reason')}
              />
            </Field>
          ) : null}
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center justify-end gap-2">
        <span className="mr-auto text-slate-500 text-xs dark:text-slate-400">
          {needsReason
            ? LL.childStatus.formHint()
            : needsDate
              ? LL.childStatus.dateHint()
              : LL.childStatus.confirmHint()}
        </span>
        <button type="button" className={secondaryButton} onClick={onClose}>
          {LL.form.cancel()}
        </button>
        {/* Without a field, the confirm button takes the focus: Enter confirms, Esc closes. */}
        <button type="submit" className={primaryButton} disabled={isSubmitting} autoFocus={!needsDate}>
          <Icon name={childActionIcons[action]} className="size-4" />
          {isSubmitting ? LL.childStatus.working() : childActionLabel(LL, action)}
        </button>
      </div>
    </form>
  );
};

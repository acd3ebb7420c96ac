import { useEffect, useMemo, useState } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ModalDialog } from '@/components/feedback/ModalDialog';
import { DescribedField } from '@/components/form/DescribedField';
import { DialogForm } from '@/components/form/DialogForm';
import { DialogFooter, SubmitButton } from '@/components/form/FormButtons';
import { labelledResolver } from '@/components/form/labelledResolver';
import { failureMessage } from '@/components/form/saveFailure';
import { Icon } from '@/components/Icon';
import { primaryButton } from '@/components/ui';
import {
  bulkCounts,
  bulkFieldDef,
  bulkFieldSchema,
  bulkFieldValue,
  type TBulkAction,
  type TBulkRowResult,
} from '@/domain/bulkActions';
import type { TResourceDefinition } from '@/domain/resource';
import { useI18nContext } from '@/i18n/i18n-react';
import { errorBody } from '@/platform/api/errors';
import type { TResourceRow } from '@/platform/api/resources';
import { runBulkAction, useRecordName } from './bulkRequests';

/**
 * A bulk action's dialog with its form (issue 38: loaded when one is opened, not with the list: it
 * carries the form library, zod and the form's fields).
 */
/** One action's dialog: its field, then the result per row (changed, unchanged, refused with why). */
const BulkActionDialog = ({
  definition,
  action,
  selected,
  onClose,
  onChanged,
}: {
  definition: TResourceDefinition;
  action: TBulkAction;
  selected: TResourceRow[];
  /** `ran`: closed after the action ran (its result shown). */
  onClose: (ran: boolean) => void;
  onChanged: () => void;
}) => {
  const { LL } = useI18nContext();
  const [result, setResult] = useState<{ rows: TBulkRowResult[]; names: Map<number, TResourceRow> } | null>(
    null,
  );
  const close = () => {
    setResult(null);
    onClose(result !== null);
  };
  return (
    <ModalDialog
      open
      title={result ? LL.bulk.resultTitle({ action: action.title(LL) }) : action.title(LL)}
      intro={result ? undefined : action.intro(LL, selected.length)}
      onClose={close}
    >
      {result ? (
        <BulkResult definition={definition} result={result} onClose={close} />
      ) : (
        <BulkActionForm
          key={action.name}
          definition={definition}
          action={action}
          selected={selected}
          onCancel={close}
          onDone={(rows) => {
            setResult({ rows, names: new Map(selected.map((row) => [row.id, row])) });
            if (rows.some((row) => row.status === 'changed')) onChanged();
          }}
        />
      )}
    </ModalDialog>
  );
};

const BulkActionForm = ({
  definition,
  action,
  selected,
  onCancel,
  onDone,
}: {
  definition: TResourceDefinition;
  action: TBulkAction;
  selected: TResourceRow[];
  onCancel: () => void;
  onDone: (rows: TBulkRowResult[]) => void;
}) => {
  const { LL } = useI18nContext();
  const { field } = action;
  const id = `bulk-${action.name}-${field.key}`;
  const label = action.label(LL);
  // The form engine's field and rules: the message, the lookup and the keys are the edit form's.
  const described = useMemo(() => bulkFieldDef(field), [field]);
  const form = useForm<FieldValues>({
    defaultValues: { [field.key]: field.kind === 'lookup' ? null : '' },
    mode: 'onTouched',
    resolver: labelledResolver({
      schema: z.object({ [field.key]: bulkFieldSchema(field) }),
      bodyOf: (values) => ({ [field.key]: bulkFieldValue(values[field.key]) }),
      labelForPath: () => label,
      messages: LL.validation,
    }),
  });
  const { control, register, formState, setError, setFocus, handleSubmit } = form;
  const error = (formState.errors[field.key] as { message?: string } | undefined)?.message;
  // The dialog opens on its field.
  useEffect(() => setFocus(field.key), [setFocus, field.key]);

  const save = handleSubmit(async (values) => {
    try {
      onDone(await runBulkAction(definition, action, selected, bulkFieldValue(values[field.key])));
    } catch (failure) {
      setError(field.key, {
        message:
          errorBody(failure).errors?.join(' ') || LL.bulk.failed({ message: failureMessage(failure, LL) }),
      });
    }
  });

  return (
    <DialogForm onSave={save}>
      <DescribedField
        field={described}
        id={id}
        label={label}
        error={error}
        control={control}
        register={register}
        input={
          field.kind === 'number' ? { min: field.min, max: field.max, step: field.step ?? 1 } : undefined
        }
      />
      <DialogFooter hint={LL.bulk.selected({ count: selected.length })} onCancel={onCancel}>
        <SubmitButton
          icon={action.icon}
          busy={formState.isSubmitting}
          busyLabel={LL.bulk.working()}
          label={LL.bulk.apply({ count: selected.length })}
        />
      </DialogFooter>
    </DialogForm>
  );
};

/** What was done: how many changed, already so, refused, and each refused row with why. */
const BulkResult = ({
  definition,
  result,
  onClose,
}: {
  definition: TResourceDefinition;
  result: { rows: TBulkRowResult[]; names: Map<number, TResourceRow> };
  onClose: () => void;
}) => {
  const { LL } = useI18nContext();
  const nameOf = useRecordName(definition);
  const counts = bulkCounts(result.rows);
  const refused = result.rows.filter((row) => row.status === 'refused');
  return (
    <div data-bulk-result>
      <ul className="mb-3 flex flex-wrap gap-2 text-sm" aria-live="polite">
        <li className="rounded-full bg-green-100 px-3 py-1 text-green-900 dark:bg-green-900 dark:text-green-100">
          {LL.bulk.changed({ count: counts.changed })}
        </li>
        {counts.unchanged > 0 ? (
          <li className="rounded-full bg-slate-100 px-3 py-1 text-slate-800 dark:bg-slate-800 dark:text-slate-100">
            {LL.bulk.unchanged({ count: counts.unchanged })}
          </li>
        ) : null}
        {counts.refused > 0 ? (
          <li className="rounded-full bg-rose-100 px-3 py-1 text-rose-900 dark:bg-rose-900 dark:text-rose-100">
            {LL.bulk.refused({ count: counts.refused })}
          </li>
        ) : null}
      </ul>
      {refused.length > 0 ? (
        <>
          <h3 className="mb-1 font-semibold text-slate-800 text-sm dark:text-slate-100">
            {LL.bulk.refusedList()}
          </h3>
          <ul className="max-h-64 overflow-y-auto rounded-md border border-slate-200 text-sm dark:border-slate-700">
            {refused.map((row) => (
              <li
                key={row.id}
                data-refused-row={row.id}
                className="border-slate-100 border-b px-3 py-1.5 last:border-b-0 dark:border-slate-800"
              >
                <span className="font-medium">{nameOf(result.names.get(row.id), row.id)}</span>
                {': '}
                <span className="text-slate-700 dark:text-slate-300">{row.message}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="mt-5 flex justify-end">
        {/* Enter or Esc closes the summary. */}
        <button type="button" className={primaryButton} autoFocus onClick={onClose}>
          <Icon name="check" className="size-4" />
          {LL.bulk.close()}
        </button>
      </div>
    </div>
  );
};

export default BulkActionDialog;

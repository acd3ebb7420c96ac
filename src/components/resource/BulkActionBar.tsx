import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ModalDialog } from '@/components/feedback/ModalDialog';
import { showToast } from '@/components/feedback/toasts';
import { DescribedField } from '@/components/form/DescribedField';
import { DialogForm } from '@/components/form/DialogForm';
import { DialogFooter, SubmitButton } from '@/components/form/FormButtons';
import { labelledResolver } from '@/components/form/labelledResolver';
import { failureMessage } from '@/components/form/saveFailure';
import { Icon } from '@/components/Icon';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { iconButton, primaryButton, secondaryButton } from '@/components/ui';
import { areaByName } from '@/domain/areas';
import {
  bulkCounts,
  bulkFieldDef,
  bulkFieldSchema,
  bulkFieldValue,
  bulkMaxRows,
  type TBulkAction,
  type TBulkRowResult,
} from '@/domain/bulkActions';
import { hasPermission } from '@/domain/permissions';
import { permissionFor, type TResourceDefinition } from '@/domain/resource';
import { translate } from '@/domain/translate';
import { useI18nContext } from '@/i18n/i18n-react';
import { api } from '@/platform/api/client';
import { errorBody } from '@/platform/api/errors';
import type { TResourceRow } from '@/platform/api/resources';
import { downloadFile } from '@/platform/api/saveBlob';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import type { TListView } from './listAddress';
import type { TClientResource } from './resourceArea';

const BulkPrintSheet = lazy(() => import('./BulkPrintSheet'));

type TExportFormat = 'xlsx' | 'csv';

/** A record's name in the reader's language, as its list and breadcrumbs call it. */
const useRecordName = (definition: Pick<TResourceDefinition, 'titleOf'>) => {
  const locale = useRouteLocale();
  return useCallback(
    (row: TResourceRow | undefined, id: number) => {
      const title = row ? translate(definition.titleOf(row) as never, locale) : '';
      return title || String(row?.code ?? `#${id}`);
    },
    [definition, locale],
  );
};

/**
 * The bar over a list while rows are selected (issue 26): how many, the area's bulk actions the user
 * may take (each a small dialog, then the result per row), the selection's export and its printed
 * summaries, and clearing it. The actions are in the palette too while rows are selected.
 */
export const BulkActionBar = ({
  definition,
  selected,
  view,
  exportFormats,
  printSelection,
  fileName,
  onClear,
  onChanged,
}: {
  definition: TResourceDefinition & { routeBase: string };
  selected: TResourceRow[];
  view: TListView;
  exportFormats?: readonly TExportFormat[];
  /** The area's own papers for the selection (record reports); else the summary sheet. */
  printSelection?: TClientResource['printSelection'];
  fileName: string;
  onClear: () => void;
  /** Rows were written: the list reads its page again. */
  onChanged: () => void;
}) => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  const [open, setOpen] = useState<TBulkAction | null>(null);
  const [printing, setPrinting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const count = selected.length;
  const tooMany = count > bulkMaxRows;
  const actions = useMemo(
    () =>
      (areaByName(definition.name)?.bulkActions ?? []).filter((action) =>
        hasPermission(user, permissionFor(definition, action.permission)),
      ),
    [definition, user],
  );

  const exportSelection = useCallback(
    async (format: TExportFormat) => {
      setExporting(true);
      try {
        const query: Record<string, string> = {
          format,
          ids: selected.map((row) => row.id).join(','),
          order: view.order,
        };
        if (view.sort) query.sort = view.sort;
        // The view's columns, as the list's own export takes them from the address.
        const columns = new URLSearchParams(window.location.search).get('columns');
        if (columns) query.columns = columns;
        await downloadFile(
          `${definition.apiBase}/export`,
          `${fileName}-${new Date().toISOString().slice(0, 10)}.${format}`,
          { query },
        );
      } catch (error) {
        showToast(`${LL.list.exportFailed()} ${failureMessage(error, LL)}`, 'error');
      } finally {
        setExporting(false);
      }
    },
    [selected, view.order, view.sort, definition.apiBase, fileName, LL],
  );
  const print = useCallback(() => setPrinting(true), []);
  const SelectionPrint = useMemo(() => (printSelection ? lazy(printSelection) : null), [printSelection]);
  // What the print gives: the area's record reports, or the list's summaries.
  const printLabel = printSelection ? LL.bulk.printReports() : LL.bulk.printSelection();

  const commands = useMemo<TCommand[]>(
    () =>
      count === 0 || tooMany
        ? []
        : [
            ...actions.map(
              (action): TCommand => ({
                id: `bulk-${action.name}`,
                title: LL.bulk.command({ action: action.title(LL), count }),
                kind: 'action',
                icon: action.icon,
                perform: () => setOpen(action),
              }),
            ),
            ...(exportFormats?.includes('xlsx')
              ? [
                  {
                    id: 'bulk-export',
                    title: LL.bulk.command({ action: LL.bulk.exportSelection(), count }),
                    kind: 'action' as const,
                    icon: 'download',
                    perform: () => void exportSelection('xlsx'),
                  },
                ]
              : []),
            {
              id: 'bulk-print',
              title: LL.bulk.command({ action: printLabel, count }),
              kind: 'action',
              icon: 'printer',
              perform: print,
            },
          ],
    [actions, count, tooMany, LL, exportFormats, exportSelection, print, printLabel],
  );
  useRegisterCommands(commands);

  return (
    <>
      {count === 0 ? null : (
        <section
          aria-label={LL.bulk.toolbar()}
          data-bulk-bar
          className="mb-2 flex flex-wrap items-center gap-2 rounded-lg border border-primary-300 bg-primary-50 px-3 py-2 text-sm dark:border-primary-700 dark:bg-primary-950"
        >
          <strong className="font-semibold text-primary-900 dark:text-primary-100" aria-live="polite">
            {LL.bulk.selected({ count })}
          </strong>
          <button
            type="button"
            className={iconButton}
            aria-label={LL.bulk.clear()}
            title={`${LL.bulk.clear()} (Esc)`}
            onClick={onClear}
          >
            <Icon name="close" className="size-4" />
          </button>
          {tooMany ? (
            <span className="text-error">{LL.bulk.tooMany({ max: bulkMaxRows, count })}</span>
          ) : (
            <>
              {actions.map((action) => (
                <button
                  key={action.name}
                  type="button"
                  data-bulk-action={action.name}
                  className={`${secondaryButton} py-1 text-xs`}
                  onClick={() => setOpen(action)}
                >
                  <Icon name={action.icon} className="size-4" />
                  {action.title(LL)}
                </button>
              ))}
              {exportFormats?.map((format) => (
                <button
                  key={format}
                  type="button"
                  className={`${secondaryButton} py-1 text-xs`}
                  disabled={exporting}
                  aria-busy={exporting}
                  onClick={() => void exportSelection(format)}
                >
                  <Icon name="download" className="size-4" />
                  {LL.bulk.exportSelection()} ({format === 'xlsx' ? 'Excel' : 'CSV'})
                </button>
              ))}
              <button type="button" className={`${secondaryButton} py-1 text-xs`} onClick={print}>
                <Icon name="printer" className="size-4" />
                {printLabel}
              </button>
            </>
          )}
          <span className="ml-auto hidden text-slate-600 text-xs 2xl:inline dark:text-slate-300">
            {LL.bulk.keyboardHint()}
          </span>
        </section>
      )}
      {/* Kept while its result shows, whatever the selection becomes as the list reads its rows again. */}
      <BulkActionDialog
        definition={definition}
        action={open}
        selected={selected}
        onClose={(ran) => {
          setOpen(null);
          // What was run is done with: the selection goes (the rows read again are the new ones).
          if (ran) onClear();
        }}
        onChanged={onChanged}
      />
      {printing ? (
        <Suspense fallback={null}>
          {SelectionPrint ? (
            <SelectionPrint ids={selected.map((row) => row.id)} onDone={() => setPrinting(false)} />
          ) : (
            <BulkPrintSheet definition={definition} rows={selected} onDone={() => setPrinting(false)} />
          )}
        </Suspense>
      ) : null}
    </>
  );
};

/** One action's dialog: its field, then the result per row (changed, unchanged, refused with why). */
const BulkActionDialog = ({
  definition,
  action,
  selected,
  onClose,
  onChanged,
}: {
  definition: TResourceDefinition;
  action: TBulkAction | null;
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
      open={action !== null}
      title={action ? (result ? LL.bulk.resultTitle({ action: action.title(LL) }) : action.title(LL)) : ''}
      intro={action && !result ? action.intro(LL, selected.length) : undefined}
      onClose={close}
    >
      {action && result ? (
        <BulkResult definition={definition} result={result} onClose={close} />
      ) : action ? (
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
      ) : null}
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
      const { data } = await api<{ data: TBulkRowResult[] }>(`${definition.apiBase}/bulk/${action.name}`, {
        method: 'POST',
        body: {
          ids: selected.map((row) =>
            typeof row.version === 'number' ? { id: row.id, version: row.version } : row.id,
          ),
          [field.key]: bulkFieldValue(values[field.key]),
        },
      });
      onDone(data);
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

import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type FieldValues, useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { DuplicateCheckPanel } from '@/components/duplicates/DuplicateCheckPanel';
import { duplicatesOf } from '@/components/duplicates/duplicateApi';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { showToast } from '@/components/feedback/toasts';
import { DateInput } from '@/components/form/DateInput';
import { DescribedField } from '@/components/form/DescribedField';
import { Field } from '@/components/form/Field';
import { CancelButton, SaveButton } from '@/components/form/FormButtons';
import { FormNotice } from '@/components/form/FormNotice';
import { inputClass } from '@/components/form/fieldStyles';
import { LookupCheckboxes } from '@/components/form/LookupCheckboxes';
import { labelledResolver } from '@/components/form/labelledResolver';
import { noticeForSaveFailure, type TFormNotice } from '@/components/form/saveFailure';
import { TranslatableInputs } from '@/components/form/TranslatableInputs';
import { clearLookupCache } from '@/components/form/useLookup';
import { useSaveShortcut } from '@/components/form/useSaveShortcut';
import { useUnsavedChangesGuard } from '@/components/form/useUnsavedChangesGuard';
import { Icon } from '@/components/Icon';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { recordDestination } from '@/components/palette/destinations';
import { useRecentDestination } from '@/components/palette/useRecentDestination';
import { MergedRecordNotice } from '@/components/record/MergedRecordNotice';
import { dangerOutlineButton } from '@/components/ui';
import { areaByName } from '@/domain/areas';
import type { TDuplicateMatch } from '@/domain/duplicates';
import { hasPermission } from '@/domain/permissions';
import { isoDateIn } from '@/domain/programmeTime';
import { hasRecordPage, permissionFor, type TFieldDef } from '@/domain/resource';
import { translate } from '@/domain/translate';
import { wordOf } from '@/i18n/wordOf';
import { apiRecordOrMerged, RecordMergedError, type TMergedInto } from '@/platform/api/mergedRecord';
import { createResource, deleteResource, type TResourceRow, updateResource } from '@/platform/api/resources';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { areaBreadcrumbs } from './areaBreadcrumbs';
import { valueAtPath } from './columnText';
import { LocalizationsEditor } from './LocalizationsEditor';
import type { TClientResource, TFormAddOns } from './resourceArea';
import { useResourceText } from './useResourceText';

type TRecordActions = ReturnType<NonNullable<TClientResource['useRecordActions']>>;
const noRecordActions: TRecordActions = { commands: [] };
const useNoRecordActions = (): TRecordActions => noRecordActions;
const noFormAddOns: TFormAddOns = { sections: {}, dirty: false, afterSave: async () => true };
const useNoFormAddOns = (): TFormAddOns => noFormAddOns;

/** The question a refused save of a likely duplicate asks (issue 35): loaded when it is asked. */
const DuplicateSaveDialog = lazy(() => import('@/components/duplicates/DuplicateSaveDialog'));

/** A create refused as a likely duplicate: what was typed, the records it may be, whether it is being sent again. */
type TDuplicateSave = { values: FieldValues; matches: TDuplicateMatch[]; busy: boolean };

/** The form's own fields (not an add-on's buttons) that take typing. */
const firstFieldSelector =
  ':is(input, select, textarea, button)[id^="field-"]:not([disabled]):not([readonly]):not([type="hidden"])';

type TLoad =
  | { state: 'loading' }
  | { state: 'ready'; record: TResourceRow | null; defaults?: Record<string, unknown> }
  /** The read failed: the layout shows the error catalogue's view (not found, offline...) instead. */
  | { state: 'failed' }
  /** The record was merged into another (issue 35): the page says where it went. */
  | { state: 'merged'; into: TMergedInto };

/** The create or edit page of any described resource (`/…/create`, `/…/edit/{id}`). */
export const ResourceFormPage = ({
  resource,
  mode,
}: {
  resource: TClientResource;
  mode: 'create' | 'edit';
}) => {
  const { id } = useParams();
  const { definition } = resource;
  const locale = useRouteLocale();
  const [load, setLoad] = useState<TLoad>(
    mode === 'create' && !resource.loadCreateDefaults
      ? { state: 'ready', record: null }
      : { state: 'loading' },
  );
  const [reloadKey, setReloadKey] = useState(0);
  // An edit page is opened to change something: once the record is read, the focus goes to its
  // first field (the loading heading it had is gone with the loading). Once: a reload keeps it.
  const focusPending = useRef(mode === 'edit');
  const takeFocusOnce = useCallback(() => {
    const take = focusPending.current;
    focusPending.current = false;
    return take;
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a fresh copy after a conflict
  useEffect(() => {
    const { loadCreateDefaults } = resource;
    if (mode === 'create' && loadCreateDefaults) {
      let current = true;
      // Without them the form still works: the user chooses what the defaults would have said.
      loadCreateDefaults()
        .catch(() => ({}))
        .then((defaults) => current && setLoad({ state: 'ready', record: null, defaults }));
      return () => {
        current = false;
      };
    }
    if (mode === 'create' || !id) return;
    let current = true;
    setLoad({ state: 'loading' });
    // A merged record (issue 35) says where it went, with a link there.
    apiRecordOrMerged<{ data: TResourceRow }>(`${definition.apiBase}/${encodeURIComponent(id)}`)
      .then(({ data: record }) => current && setLoad({ state: 'ready', record }))
      .catch(
        (error: unknown) =>
          current &&
          setLoad(
            error instanceof RecordMergedError
              ? { state: 'merged', into: error.mergedInto }
              : { state: 'failed' },
          ),
      );
    return () => {
      current = false;
    };
  }, [definition, resource, id, mode, reloadKey]);

  // `edit` without an id (the spec's optional segment) has nothing to edit: back to the list.
  if (mode === 'edit' && !id) return <Navigate to={localizedPath(locale, definition.routeBase)} replace />;
  return (
    <ResourceForm
      key={load.state === 'ready' ? `${load.record?.id ?? 'new'}-${load.record?.version ?? 0}` : load.state}
      resource={resource}
      mode={mode}
      load={load}
      onReload={() => setReloadKey((key) => key + 1)}
      takeFocusOnce={takeFocusOnce}
    />
  );
};

/** Form values: the record's fields, virtual cascade fields read from the record. */
const initialValues = (
  fields: readonly TFieldDef[],
  record: TResourceRow | null,
  defaults: Record<string, unknown> = {},
): FieldValues =>
  Object.fromEntries(
    fields.map((field) => {
      const value = record
        ? valueAtPath(record, field.virtual ? (field.from ?? field.key) : field.key)
        : (defaults[field.key] ?? field.defaultValue);
      switch (field.kind) {
        case 'password':
          return [field.key, ''];
        case 'boolean':
          return [field.key, Boolean(value)];
        case 'translatable':
          return [field.key, { kh: '', en: '', ...((value as object) ?? {}) }];
        case 'lookup':
        case 'number':
          return [field.key, value ?? null];
        case 'localizations':
        case 'multiLookup':
          return [field.key, value ?? []];
        default:
          return [field.key, value ?? ''];
      }
    }),
  );

const ResourceForm = ({
  resource,
  mode,
  load,
  onReload,
  takeFocusOnce,
}: {
  resource: TClientResource;
  mode: 'create' | 'edit';
  load: TLoad;
  onReload: () => void;
  /** True the first time a ready form asks: it then focuses its first field. */
  takeFocusOnce: () => boolean;
}) => {
  const { definition, area } = resource;
  const text = useResourceText(definition.name);
  const { LL, labelOf, optionLabel } = text;
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const { user } = useSession();
  // Today in the programme's time zone: the bounds of the date fields' calendars.
  const [today] = useState(() => isoDateIn(new Date()));
  const record = load.state === 'ready' ? load.record : null;
  const editing = record !== null;
  const formElement = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the read record is shown
  useEffect(() => {
    if (load.state !== 'ready' || !takeFocusOnce()) return;
    const active = document.activeElement;
    // Not from under a dialog, nor from a field the person already went to.
    if (active?.closest('[role="dialog"]') || (active && formElement.current?.contains(active))) return;
    formElement.current?.querySelector<HTMLElement>(firstFieldSelector)?.focus();
  }, [load.state]);
  // A record the law keeps (its area's kept statuses, issue 27) is never offered for deletion.
  const kept = areaByName(definition.name)?.keptStatuses?.includes(String(record?.status)) === true;
  const canDelete =
    editing &&
    !kept &&
    hasPermission(user, permissionFor(definition, 'delete')) &&
    (resource.deletable?.(record, user) ?? true);
  // What this page shows: create-only fields (a new user's first password) leave an edit.
  const fields = useMemo(
    () => definition.fields.filter((field) => !(editing && field.createOnly)),
    [definition.fields, editing],
  );
  const schema = (editing ? definition.updateSchema : undefined) ?? definition.schema;
  const location = useLocation();
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch ?? '';
  const listPath = `${localizedPath(locale, definition.routeBase)}${listSearch.startsWith('?') ? listSearch : ''}`;
  const [notice, setNotice] = useState<TFormNotice | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const leaving = useRef(false);

  const labelForPath = useCallback(
    (path: string) => {
      const [key, sub] = path.split('.');
      const field = definition.fields.find((candidate) => candidate.key === key);
      const label = labelOf(field?.label ?? key);
      if (field?.kind === 'translatable' && (sub === 'kh' || sub === 'en')) {
        return `${label} (${sub === 'kh' ? LL.form.khmer() : LL.form.english()})`;
      }
      return label;
    },
    [definition.fields, labelOf, LL],
  );

  const bodyOf = useCallback(
    (values: FieldValues) =>
      Object.fromEntries(
        fields
          // An empty password on an edit keeps the current one: it is not sent.
          .filter(
            (field) =>
              !field.virtual &&
              !field.readOnly &&
              !(field.kind === 'password' && editing && !values[field.key]),
          )
          .map((field) => {
            const value = values[field.key];
            if (field.kind === 'number' && value !== null && value !== '') return [field.key, Number(value)];
            // An empty optional date, choice or number is none (a required one is then refused as required).
            if ((field.kind === 'date' || field.kind === 'select' || field.kind === 'number') && value === '')
              return [field.key, field.required ? '' : null];
            return [field.key, value];
          }),
      ),
    [fields, editing],
  );

  const form = useForm<FieldValues>({
    defaultValues: initialValues(fields, record, load.state === 'ready' ? load.defaults : undefined),
    mode: 'onTouched',
    resolver: labelledResolver({
      schema,
      bodyOf,
      labelForPath,
      messages: LL.validation,
      more: (values, errors) => {
        for (const field of fields) {
          if (field.virtual && field.required && (values[field.key] === null || values[field.key] === '')) {
            errors[field.key] = {
              type: 'required',
              message: LL.validation.required({ label: labelForPath(field.key) }),
            };
          }
        }
      },
    }),
  });
  const { register, handleSubmit, formState, control, setError, setValue, reset, watch } = form;
  const { isDirty, isSubmitting, errors } = formState;

  // The resource's own parts of the form (a child's photo, family and documents).
  const useFormAddOns = resource.useFormAddOns ?? useNoFormAddOns;
  const addOns = useFormAddOns(record);

  // Leaving with unsaved changes asks first (in the app and when closing the tab).
  const leaveGuard = useUnsavedChangesGuard(isDirty || addOns.dirty, leaving);

  const fieldPaths = useMemo(
    () =>
      fields.flatMap((field) =>
        field.kind === 'translatable' ? [`${field.key}.kh`, `${field.key}.en`, field.key] : [field.key],
      ),
    [fields],
  );

  /** Choosing another parent empties the choices that depended on the old one. */
  const clearDependents = (key: string) => {
    for (const child of fields) {
      if (child.lookup?.dependsOn === key) setValue(child.key, null, { shouldDirty: true });
    }
  };

  const failWith = (error: unknown) =>
    setNotice(noticeForSaveFailure(error, { fieldPaths, labelForPath, setError, LL }));

  const [duplicateSave, setDuplicateSave] = useState<TDuplicateSave | null>(null);

  /** Sends the record (with `extra`: the answer to a duplicate question), then what belongs to it; throws a refusal. */
  const persist = async (values: FieldValues, extra: Record<string, unknown> = {}) => {
    const body = { ...bodyOf(values), ...extra };
    let saved: TResourceRow;
    if (record) {
      saved = await updateResource(definition, record.id, { ...body, version: record.version });
      showToast(LL.form.saved());
    } else {
      saved = await createResource(definition, body);
      showToast(LL.form.created({ thing: text.one }));
    }
    clearLookupCache();
    resource.afterWrite?.();
    // The record exists now: what belongs to it (photo, documents) follows.
    const allSaved = await addOns.afterSave(saved);
    leaving.current = true;
    reset(values);
    if (!allSaved) {
      // Something of it was not saved: open the record, so it can be tried again there.
      if (record) onReload();
      else navigate(localizedPath(locale, `${definition.routeBase}/edit/${saved.id}`), { replace: true });
      return;
    }
    navigate(
      hasRecordPage(definition)
        ? localizedPath(locale, `${definition.routeBase}/${definition.recordPage}/${saved.id}`)
        : listPath,
    );
  };

  const save = handleSubmit(
    async (values) => {
      setNotice(null);
      if (addOns.validate && !(await addOns.validate())) {
        setNotice({ message: LL.form.fixErrors() });
        return;
      }
      try {
        await persist(values);
      } catch (error) {
        // A new record like one already there (issue 35): the dialog asks before it is registered.
        const matches = record ? null : duplicatesOf(error);
        if (matches) setDuplicateSave({ values, matches, busy: false });
        else failWith(error);
      }
    },
    () => {
      // The additions show their own mistakes at the same time as the fields'.
      void addOns.validate?.();
      setNotice({ message: LL.form.fixErrors() });
    },
  );

  useSaveShortcut(save);

  /** 'Not the same — register anyway': sent again, naming the records it is not and why. */
  const registerAnyway = async (reason: string) => {
    const pending = duplicateSave;
    if (!pending) return;
    setDuplicateSave({ ...pending, busy: true });
    try {
      await persist(pending.values, {
        notDuplicateOf: pending.matches.map((match) => match.id),
        duplicateReason: reason,
      });
      setDuplicateSave(null);
    } catch (error) {
      // Another like it was registered meanwhile: the question is asked again with it.
      const matches = duplicatesOf(error);
      if (matches) setDuplicateSave({ ...pending, matches, busy: false });
      else {
        setDuplicateSave(null);
        failWith(error);
      }
    }
  };

  const remove = async () => {
    if (!record) return;
    setDeleting(true);
    try {
      await deleteResource(definition, record.id);
      clearLookupCache();
      resource.afterWrite?.();
      showToast(LL.form.deleted({ thing: text.one }));
      leaving.current = true;
      navigate(listPath);
    } catch (error) {
      setConfirmingDelete(false);
      failWith(error);
    } finally {
      setDeleting(false);
    }
  };

  const recordTitle = record ? translate(definition.titleOf(record) as never, locale) : '';
  // Cancelling an edit of a record that has its own page goes back to that page.
  const showPath =
    record && hasRecordPage(definition)
      ? localizedPath(locale, `${definition.routeBase}/${definition.recordPage}/${record.id}`)
      : null;
  const recordContext = useMemo(() => (record ? { record, reload: onReload } : null), [record, onReload]);
  // The resource's own actions on this record ('Deactivate this user'...), with their dialogs.
  const useRecordActions = resource.useRecordActions ?? useNoRecordActions;
  const recordActions = useRecordActions(recordContext);
  const commands = useMemo<TCommand[]>(
    () => [
      {
        id: `save-${definition.name}`,
        title: LL.form.save(),
        kind: 'action',
        icon: 'save',
        shortcut: ['Ctrl', 'S'],
        perform: () => void save(),
      },
      ...(canDelete
        ? [
            {
              id: `delete-${definition.name}`,
              title: `${LL.list.delete()} ${recordTitle}`,
              kind: 'action' as const,
              icon: 'trash',
              record: true,
              perform: () => setConfirmingDelete(true),
            },
          ]
        : []),
      // The record on screen's own: the palette lists them first.
      ...recordActions.commands.map((command) => ({ ...command, record: true })),
    ],
    [definition.name, LL, save, canDelete, recordTitle, recordActions.commands],
  );
  useRegisterCommands(commands);
  useRecentDestination(record ? recordDestination(definition, record) : null);

  // The page's own kind, not whether the record has arrived: an edit page never says 'New ...'.
  const title =
    mode === 'edit' ? LL.form.editTitle({ thing: text.one }) : LL.form.createTitle({ thing: text.one });

  const hintOf = (field: TFieldDef): string | undefined => {
    if (field.kind === 'password' && editing) return LL.fieldHints.passwordKeep();
    return field.hint ? wordOf(LL.fieldHints, field.hint)?.() || undefined : undefined;
  };

  const sectionLabel = (section: string) => wordOf(LL.formSections, section)?.() || section;

  const renderField = (field: TFieldDef) => {
    const id = `field-${field.key}`;
    const label = labelOf(field.label ?? field.key);
    const error = (errors[field.key] as { message?: string } | undefined)?.message;
    const common = { id, label, required: field.required, requiredLabel: LL.form.requiredMark() };
    switch (field.kind) {
      case 'translatable': {
        return (
          <TranslatableInputs
            key={field.key}
            {...common}
            labelOf={(language) => labelForPath(`${field.key}.${language}`)}
            errors={errors[field.key] as Record<string, { message?: string }> | undefined}
            register={(language) => register(`${field.key}.${language}`)}
          />
        );
      }
      case 'lookup': {
        const dependsOn = field.lookup?.dependsOn;
        return (
          <DescribedField
            key={field.key}
            {...common}
            field={{ ...field, kind: 'lookup' }}
            error={error}
            control={control}
            register={register}
            parentValue={dependsOn ? watch(dependsOn) : undefined}
            waitingText={LL.form.chooseFirst({
              parent: labelOf(definition.fields.find((other) => other.key === dependsOn)?.label ?? ''),
            })}
            onLookupChange={() => clearDependents(field.key)}
          />
        );
      }
      case 'date': {
        const range = field.dateRange?.(today, !editing) ?? {};
        return (
          <Field key={field.key} {...common} error={error} hint={hintOf(field)}>
            <Controller
              control={control}
              name={field.key}
              render={({ field: controlled }) => (
                <DateInput
                  id={id}
                  name={controlled.name}
                  ref={controlled.ref}
                  value={controlled.value as string | null}
                  onChange={controlled.onChange}
                  onBlur={controlled.onBlur}
                  min={range.min}
                  max={range.max}
                  invalid={Boolean(error)}
                  describedBy={error ? `${id}-error` : undefined}
                  required={field.required}
                  disabled={field.readOnly}
                />
              )}
            />
          </Field>
        );
      }
      case 'select':
        return (
          <Field key={field.key} {...common} error={error}>
            <select
              id={id}
              className={inputClass(Boolean(error))}
              aria-invalid={Boolean(error)}
              {...register(field.key, { onChange: () => clearDependents(field.key) })}
            >
              <option value="">{LL.form.choose()}</option>
              {field.options?.map((option) => (
                <option key={option} value={option}>
                  {optionLabel(field.key, option)}
                </option>
              ))}
            </select>
          </Field>
        );
      case 'textarea':
        return (
          <Field key={field.key} {...common} error={error} className="sm:col-span-2">
            <textarea
              id={id}
              rows={3}
              className={inputClass(Boolean(error))}
              aria-invalid={Boolean(error)}
              {...register(field.key)}
            />
          </Field>
        );
      case 'boolean':
        return (
          <div key={field.key} className="flex items-center gap-2 self-end pb-2">
            <input
              id={id}
              type="checkbox"
              className="size-4 rounded border-slate-300 text-primary-700 focus:ring-primary-500"
              {...register(field.key)}
            />
            <label htmlFor={id} className="text-slate-800 text-sm dark:text-slate-100">
              {label}
            </label>
          </div>
        );
      case 'multiLookup':
        return (
          <Controller
            key={field.key}
            control={control}
            name={field.key}
            render={({ field: controlled }) => (
              <LookupCheckboxes
                id={id}
                label={label}
                lookup={field.lookup ?? { path: '' }}
                value={(controlled.value as number[]) ?? []}
                emptyText={LL.form.noOptions()}
                loadingText={LL.form.loadingRecord()}
                onChange={controlled.onChange}
                onBlur={controlled.onBlur}
              />
            )}
          />
        );
      case 'localizations':
        return (
          <div key={field.key} className="sm:col-span-2">
            <Controller
              control={control}
              name={field.key}
              render={({ field: controlled }) => (
                <LocalizationsEditor
                  code={watch('code') as string}
                  value={controlled.value as { key: string; value: string }[]}
                  onChange={controlled.onChange}
                  error={error}
                />
              )}
            />
          </div>
        );
      default:
        return (
          <DescribedField
            key={field.key}
            {...common}
            field={{ ...field, kind: field.kind }}
            required={field.required && !(field.kind === 'password' && editing)}
            error={error}
            hint={hintOf(field)}
            control={control}
            register={register}
            input={field.kind === 'password' ? { autoComplete: 'new-password' } : undefined}
          />
        );
    }
  };

  // Possible duplicates as the record is typed (issue 35), where the description says.
  const { duplicateCheck } = definition;
  const duplicatePanel = duplicateCheck ? (
    <DuplicateCheckPanel
      definition={{ ...definition, duplicateCheck }}
      control={control}
      excludeId={record?.id}
    />
  ) : null;

  return (
    <div className="mx-auto max-w-4xl px-4 py-4 sm:px-6">
      <Breadcrumbs
        label={LL.layout.breadcrumb()}
        items={[
          ...areaBreadcrumbs(LL, locale, area),
          { text: text.many, to: listPath },
          // A record with a page of its own: its title leads back there, then 'Edit'.
          ...(record && showPath
            ? [{ text: recordTitle || title, to: showPath }, { text: title }]
            : [{ text: editing ? recordTitle || title : title }]),
        ]}
      />
      <h1 className="mb-4 font-semibold text-2xl text-slate-900 dark:text-slate-50">{title}</h1>
      {load.state === 'loading' ? (
        <p className="text-slate-600 dark:text-slate-300" aria-live="polite">
          {LL.form.loadingRecord()}
        </p>
      ) : load.state === 'failed' ? null : load.state === 'merged' ? (
        <MergedRecordNotice definition={definition} into={load.into} />
      ) : (
        <form
          ref={formElement}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
        >
          <FormNotice notice={notice} onReload={onReload} />
          {definition.formSections ? (
            <div className="flex flex-col gap-6">
              {definition.formSections.map((section) => {
                const sectionFields = fields.filter(
                  (field) => field.section === section && !addOns.hiddenFields?.includes(field.key),
                );
                const addOn = addOns.sections[section];
                if (sectionFields.length === 0 && !addOn) return null;
                return (
                  <section key={section} aria-labelledby={`section-${section}`}>
                    <h2
                      id={`section-${section}`}
                      className="mb-3 border-slate-200 border-b pb-1 font-semibold text-lg text-slate-800 dark:border-slate-700 dark:text-slate-100"
                    >
                      {sectionLabel(section)}
                    </h2>
                    {sectionFields.length > 0 ? (
                      <div className="grid gap-4 sm:grid-cols-2">{sectionFields.map(renderField)}</div>
                    ) : null}
                    {addOn ? <div className={sectionFields.length > 0 ? 'mt-4' : ''}>{addOn}</div> : null}
                    {duplicateCheck?.section === section ? duplicatePanel : null}
                  </section>
                );
              })}
            </div>
          ) : (
            <>
              <div className="grid gap-4 sm:grid-cols-2">{fields.map(renderField)}</div>
              {duplicatePanel}
            </>
          )}
          <div className="mt-6 flex flex-wrap items-center gap-2 border-slate-200 border-t pt-4 dark:border-slate-800">
            <SaveButton busy={isSubmitting} />
            <CancelButton onClick={() => navigate(showPath ?? listPath)} />
            <span className="text-slate-500 text-xs dark:text-slate-400">{LL.form.saveShortcut()}</span>
            {canDelete ? (
              <button
                type="button"
                className={`${dangerOutlineButton} ml-auto`}
                onClick={() => setConfirmingDelete(true)}
              >
                <Icon name="trash" className="size-4" />
                {LL.list.delete()}
              </button>
            ) : null}
          </div>
        </form>
      )}
      {recordContext && resource.EditExtras ? <resource.EditExtras {...recordContext} /> : null}
      {recordActions.element}
      <ConfirmDialog
        open={confirmingDelete}
        title={LL.form.deleteTitle({ thing: text.one })}
        body={LL.form.deleteBody({ name: recordTitle })}
        confirmLabel={LL.form.confirmDelete()}
        cancelLabel={LL.form.cancel()}
        danger
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmingDelete(false)}
      />
      {duplicateSave ? (
        <Suspense fallback={null}>
          <DuplicateSaveDialog
            definition={definition}
            matches={duplicateSave.matches}
            busy={duplicateSave.busy}
            onConfirm={(reason) => void registerAnyway(reason)}
            onClose={() => setDuplicateSave(null)}
          />
        </Suspense>
      ) : null}
      {leaveGuard}
    </div>
  );
};

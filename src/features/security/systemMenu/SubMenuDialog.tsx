import { useCallback, useMemo } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { ModalDialog } from '@/components/feedback/ModalDialog';
import { showToast } from '@/components/feedback/toasts';
import { DialogForm } from '@/components/form/DialogForm';
import { Field } from '@/components/form/Field';
import { CancelButton, SaveButton } from '@/components/form/FormButtons';
import { FormNotice } from '@/components/form/FormNotice';
import { inputStateProps } from '@/components/form/fieldStyles';
import { labelledResolver } from '@/components/form/labelledResolver';
import { TranslatableInputs } from '@/components/form/TranslatableInputs';
import { useNoticedSave } from '@/components/form/useNoticedSave';
import { useResourceText } from '@/components/resource/useResourceText';
import type { TFieldDef } from '@/domain/resource';
import { systemMenuResource, ZSystemMenuInput } from '@/domain/resources/systemMenu';
import { wordOf } from '@/i18n/wordOf';
import { createSubMenu, type TSubMenu, updateSubMenu } from './subMenuApi';
import { permissionSuggestions, routeSuggestions } from './suggestions';

/** What the dialog edits: a new sub-menu (with a suggested order) or an existing one. */
export type TSubMenuDialogState = { mode: 'create'; sortOrder: number } | { mode: 'edit'; row: TSubMenu };

const fields: readonly TFieldDef[] = systemMenuResource.fields;
/** Every path a field's messages can land on (a translatable field's two languages too). */
const fieldPaths = fields.flatMap((field) =>
  field.kind === 'translatable' ? [`${field.key}.kh`, `${field.key}.en`, field.key] : [field.key],
);
const suggestionLists: Record<string, () => string[]> = {
  to: routeSuggestions,
  permission: permissionSuggestions,
};

const initialValues = (state: TSubMenuDialogState): FieldValues => {
  const row = state.mode === 'edit' ? state.row : null;
  return {
    title: { kh: row?.title.kh ?? '', en: row?.title.en ?? '' },
    to: row?.to ?? '',
    permission: row?.permission ?? '',
    sortOrder: String(row ? row.sortOrder : state.mode === 'create' ? state.sortOrder : 0),
    icon: row?.icon ?? '',
  };
};

/** The body the server takes: the menu's own schema, the order as a number (empty stays missing). */
const bodyOf = (values: FieldValues): Record<string, unknown> => ({
  title: values.title,
  to: values.to,
  permission: values.permission,
  sortOrder: values.sortOrder === '' || values.sortOrder == null ? null : Number(values.sortOrder),
  icon: values.icon,
});

/**
 * Adds or edits one sub-menu in a dialog, with the menu form's fields, schema and messages (the
 * description in src/domain/resources/systemMenu.ts). Headless UI traps the focus and closes on
 * Esc; Enter submits; Ctrl+S saves this dialog only, never the menu form under it.
 */
export const SubMenuDialog = ({
  state,
  menuId,
  onClose,
  onSaved,
  onReload,
}: {
  state: TSubMenuDialogState | null;
  menuId: number;
  onClose: () => void;
  onSaved: (row: TSubMenu) => void;
  /** After a conflict: fetch the sub-menus again and reopen the dialog on the fresh row. */
  onReload: () => void;
}) => {
  const { LL } = useResourceText(systemMenuResource.name);
  return (
    <ModalDialog
      open={state !== null}
      title={state?.mode === 'edit' ? LL.systemMenuAdmin.editSubMenu() : LL.systemMenuAdmin.newSubMenu()}
      size="2xl"
      onClose={onClose}
    >
      {state ? (
        <SubMenuForm
          // A fresh row (after a conflict) starts a fresh form.
          key={state.mode === 'edit' ? `${state.row.id}-${state.row.version}` : 'new'}
          state={state}
          menuId={menuId}
          onClose={onClose}
          onSaved={onSaved}
          onReload={onReload}
        />
      ) : null}
    </ModalDialog>
  );
};

const SubMenuForm = ({
  state,
  menuId,
  onClose,
  onSaved,
  onReload,
}: {
  state: TSubMenuDialogState;
  menuId: number;
  onClose: () => void;
  onSaved: (row: TSubMenu) => void;
  onReload: () => void;
}) => {
  const { LL, labelOf } = useResourceText(systemMenuResource.name);
  const suggestions = useMemo(
    () => Object.fromEntries(Object.entries(suggestionLists).map(([key, list]) => [key, list()])),
    [],
  );

  const labelForPath = useCallback(
    (path: string) => {
      const [key, sub] = path.split('.');
      const field = fields.find((candidate) => candidate.key === key);
      const label = labelOf(field?.label ?? key);
      if (field?.kind === 'translatable' && (sub === 'kh' || sub === 'en')) {
        return `${label} (${sub === 'kh' ? LL.form.khmer() : LL.form.english()})`;
      }
      return label;
    },
    [labelOf, LL],
  );

  const { register, handleSubmit, formState, setError } = useForm<FieldValues>({
    defaultValues: initialValues(state),
    mode: 'onTouched',
    resolver: labelledResolver({
      schema: ZSystemMenuInput,
      bodyOf,
      labelForPath,
      messages: LL.validation,
    }),
  });
  const { errors, isSubmitting } = formState;

  const { notice, save } = useNoticedSave(
    { handleSubmit, setError, fieldPaths, labelForPath, bodyOf },
    async (body) => {
      const saved =
        state.mode === 'edit'
          ? await updateSubMenu(state.row.id, { ...body, version: state.row.version })
          : await createSubMenu(menuId, body);
      showToast(
        state.mode === 'edit' ? LL.form.saved() : LL.form.created({ thing: LL.resources.subMenu.one() }),
      );
      onSaved(saved);
    },
  );

  const renderField = (field: TFieldDef, index: number) => {
    const id = `sub-menu-${field.key}`;
    const common = { label: labelOf(field.label ?? field.key), requiredLabel: LL.form.requiredMark() };
    if (field.kind === 'translatable') {
      return (
        <TranslatableInputs
          key={field.key}
          {...common}
          id={id}
          labelOf={(language) => labelForPath(`${field.key}.${language}`)}
          required={field.required}
          errors={errors[field.key] as Record<string, { message?: string }> | undefined}
          register={(language) => register(`${field.key}.${language}`)}
          // The first box takes the focus when the dialog opens.
          autoFocus={index === 0}
        />
      );
    }
    const error = (errors[field.key] as { message?: string } | undefined)?.message;
    const hints = LL.fieldHints;
    const list = suggestions[field.key];
    return (
      <Field
        key={field.key}
        {...common}
        id={id}
        required={field.required}
        error={error}
        hint={field.hint ? wordOf(hints, field.hint)?.() || undefined : undefined}
      >
        <input
          type={field.kind === 'number' ? 'number' : 'text'}
          inputMode={field.kind === 'number' ? 'numeric' : undefined}
          list={list ? `${id}-options` : undefined}
          autoComplete="off"
          spellCheck={false}
          {...inputStateProps(id, error)}
          {...register(field.key)}
        />
        {list ? (
          <datalist id={`${id}-options`}>
            {list.map((option) => (
              <option key={option} value={option} />
            ))}
          </datalist>
        ) : null}
      </Field>
    );
  };

  return (
    <DialogForm onSave={save} saveOnModS>
      <FormNotice notice={notice} onReload={onReload} />
      <div className="grid gap-4 sm:grid-cols-2">{fields.map(renderField)}</div>
      <div className="mt-6 flex flex-wrap items-center gap-2 border-slate-200 border-t pt-4 dark:border-slate-800">
        <SaveButton busy={isSubmitting} />
        <CancelButton onClick={onClose} />
        <span className="ml-auto text-slate-500 text-xs dark:text-slate-400">
          {LL.systemMenuAdmin.dialogKeys()}
        </span>
      </div>
    </DialogForm>
  );
};

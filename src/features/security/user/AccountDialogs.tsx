import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ModalDialog } from '@/components/feedback/ModalDialog';
import { showToast } from '@/components/feedback/toasts';
import { DialogForm } from '@/components/form/DialogForm';
import { CancelButton, SubmitButton } from '@/components/form/FormButtons';
import { FormNotice } from '@/components/form/FormNotice';
import { labelledResolver } from '@/components/form/labelledResolver';
import { failureMessage, noticeForSaveFailure } from '@/components/form/saveFailure';
import { TextField } from '@/components/form/TextField';
import { Icon } from '@/components/Icon';
import type { TRecordContext } from '@/components/resource/resourceArea';
import { primaryButton, secondaryButton } from '@/components/ui';
import { userResource, ZPassword } from '@/domain/resources/user';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { errorBody, errorStatus } from '@/platform/api/errors';
import { updateResource } from '@/platform/api/resources';
import { accountDialogAtom, accountOf, type TAccountRecord } from './accountDialog';

/** The primary button in the error colour (its own classes: two background classes would clash). */
const dangerButton = primaryButton
  .replace('bg-primary-700', 'bg-error')
  .replace('hover:bg-primary-800', 'hover:bg-error-dark')
  .replace('dark:bg-primary-500', 'dark:bg-error')
  .replace('dark:hover:bg-primary-600', 'dark:hover:bg-error-dark');

/** What a failed account change says: a 409 (stale, last Super Admin, own account) in the server's words. */
const conflictMessage = (error: unknown, LL: TranslationFunctions) =>
  errorBody(error).message ?? LL.form.conflict();

/**
 * The account dialogs of a user's edit page: (de)activate, and set a new password. Both PATCH the
 * user with the record's version; a 409 keeps the dialog open with the server's reason and reloads
 * the record, so a second try uses the fresh version.
 */
export const AccountDialogs = ({ context }: { context: TRecordContext | null }) => {
  const { LL } = useI18nContext();
  const [dialog, setDialog] = useAtom(accountDialogAtom);
  // The page's copy when it is loaded (it is fresher after a reload), else the one the dialog kept.
  const record: TAccountRecord | null =
    context && dialog && context.record.id === dialog.record.id
      ? accountOf(context.record)
      : (dialog?.record ?? null);
  const close = () => setDialog(null);

  /** PATCH; on success close, toast and reload; a 409 stays in the dialog. Other failures are thrown. */
  const change = async (body: Record<string, unknown>, done: string) => {
    if (!record) return;
    try {
      await updateResource(userResource, record.id, { ...body, version: record.version });
      setDialog(null);
      showToast(done);
      context?.reload();
    } catch (error) {
      if (errorStatus(error) !== 409) throw error;
      setDialog((current) => (current ? { ...current, message: conflictMessage(error, LL) } : current));
      context?.reload();
    }
  };

  return (
    <>
      <StatusDialog
        open={dialog?.kind === 'status' && record !== null}
        record={record}
        message={dialog?.message}
        onClose={close}
        onConfirm={async () => {
          if (!record) return;
          const name = record.name;
          await change(
            { active: !record.active },
            record.active ? LL.userAdmin.deactivated({ name }) : LL.userAdmin.activated({ name }),
          );
        }}
      />
      <ModalDialog
        open={dialog?.kind === 'password' && record !== null}
        title={LL.userAdmin.passwordTitle({ name: record?.name ?? '' })}
        onClose={close}
      >
        {dialog?.kind === 'password' && record ? (
          <PasswordForm
            record={record}
            message={dialog.message}
            onClose={close}
            onSave={(password) => change({ password }, LL.userAdmin.passwordSet({ name: record.name }))}
          />
        ) : null}
      </ModalDialog>
    </>
  );
};

const StatusDialog = ({
  open,
  record,
  message,
  onClose,
  onConfirm,
}: {
  open: boolean;
  record: TAccountRecord | null;
  message?: string;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) => {
  const { LL } = useI18nContext();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A reopened dialog starts without the last one's failure.
  useEffect(() => {
    if (open) setFailure(null);
  }, [open]);
  const name = record?.name ?? '';
  const deactivating = record?.active ?? true;
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(failureMessage(error, LL));
    } finally {
      setBusy(false);
    }
  };
  const notice = failure ?? message;
  return (
    <ModalDialog
      open={open}
      title={deactivating ? LL.userAdmin.deactivateTitle({ name }) : LL.userAdmin.activateTitle({ name })}
      onClose={onClose}
    >
      <p className="text-slate-600 text-sm dark:text-slate-300">
        {deactivating ? LL.userAdmin.deactivateBody({ name }) : LL.userAdmin.activateBody({ name })}
      </p>
      {notice ? (
        <div className="mt-4">
          <FormNotice notice={{ message: notice }} />
        </div>
      ) : null}
      <div className="mt-6 flex justify-end gap-2">
        {/* The safe choice has the focus: Enter on an opened dialog changes nothing. */}
        <button type="button" className={secondaryButton} onClick={onClose} autoFocus>
          {LL.form.cancel()}
        </button>
        <button
          type="button"
          className={deactivating ? dangerButton : primaryButton}
          disabled={busy}
          onClick={() => void confirm()}
        >
          <Icon name={deactivating ? 'lock' : 'check'} className="size-4" />
          {busy
            ? LL.userAdmin.working()
            : deactivating
              ? LL.userAdmin.deactivateButton()
              : LL.userAdmin.activateButton()}
        </button>
      </div>
    </ModalDialog>
  );
};

const fieldPaths = ['password', 'confirm'];
/** The user schema's own password rule, so the dialog says what the server would. */
const ZNewPassword = z.object({ password: ZPassword });

const PasswordForm = ({
  record,
  message,
  onClose,
  onSave,
}: {
  record: TAccountRecord;
  message?: string;
  onClose: () => void;
  onSave: (password: string) => Promise<void>;
}) => {
  const { LL } = useI18nContext();
  const labelForPath = (path: string) =>
    path === 'confirm' ? LL.userAdmin.confirmPassword() : LL.userAdmin.newPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<FieldValues>({
    defaultValues: { password: '', confirm: '' },
    mode: 'onTouched',
    resolver: labelledResolver({
      schema: ZNewPassword,
      bodyOf: (values) => ({ password: values.password }),
      labelForPath,
      messages: LL.validation,
      more: (values, errors) => {
        if (!errors.password && values.confirm !== values.password) {
          errors.confirm = { type: 'match', message: LL.userAdmin.passwordsDiffer() };
        }
      },
    }),
  });
  const { errors, isSubmitting } = formState;

  const save = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(String(values.password));
    } catch (error) {
      setFailure(noticeForSaveFailure(error, { fieldPaths, labelForPath, setError, LL }).message);
    }
  });

  const notice = failure ?? message;
  /** What both boxes share: a required new password, by its path. */
  const passwordBox = (path: 'password' | 'confirm') => ({
    id: `account-${path}`,
    label: labelForPath(path),
    required: true,
    requiredLabel: LL.form.requiredMark(),
    type: 'password',
    autoComplete: 'new-password',
    ...register(path),
  });
  const passwordError = (errors.password as { message?: string } | undefined)?.message;
  const confirmError = (errors.confirm as { message?: string } | undefined)?.message;
  return (
    // Ctrl/Cmd+S saves this dialog, never the user form under it.
    <DialogForm onSave={save} saveOnModS>
      <p className="mb-4 text-slate-600 text-sm dark:text-slate-300">
        {LL.userAdmin.passwordBody({ name: record.name })}
      </p>
      <FormNotice notice={notice ? { message: notice } : null} />
      <div className="grid gap-4">
        <TextField
          {...passwordBox('password')}
          error={passwordError}
          hint={LL.fieldHints.passwordHint()}
          autoFocus
        />
        <TextField {...passwordBox('confirm')} error={confirmError} />
      </div>
      <div className="mt-6 flex justify-end gap-2">
        <CancelButton onClick={onClose} />
        <SubmitButton
          icon="key"
          busy={isSubmitting}
          busyLabel={LL.userAdmin.working()}
          label={LL.userAdmin.savePassword()}
        />
      </div>
    </DialogForm>
  );
};

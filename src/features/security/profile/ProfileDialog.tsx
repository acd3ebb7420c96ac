import { useForm } from 'react-hook-form';
import { ModalDialog } from '@/components/feedback/ModalDialog';
import { showToast } from '@/components/feedback/toasts';
import { DialogForm } from '@/components/form/DialogForm';
import { DialogFooter, SaveButton } from '@/components/form/FormButtons';
import { FormNotice } from '@/components/form/FormNotice';
import { labelClass } from '@/components/form/fieldStyles';
import { labelledResolver } from '@/components/form/labelledResolver';
import { TextField } from '@/components/form/TextField';
import { useNoticedSave } from '@/components/form/useNoticedSave';
import type { TUserInfo } from '@/domain/auth';
import { type TProfile, ZProfileInput } from '@/domain/profile';
import { useI18nContext } from '@/i18n/i18n-react';
import { api } from '@/platform/api/client';
import { reloadSessionUser, useSession } from '@/platform/session';

type TValues = { name: string; oldPassword: string; newPassword: string; confirmPassword: string };
/** Where the server's messages can land (their first word is the field). */
const fieldPaths = ['name', 'oldPassword', 'newPassword', 'confirmPassword'];

/** Whether the person started a password change: any of its three boxes filled. */
const changesPassword = (values: TValues) =>
  values.oldPassword !== '' || values.newPassword !== '' || values.confirmPassword !== '';

/** The body of `PUT /admin/user-profile`: the name, and the passwords only for a change. */
const bodyOf = (values: TValues) =>
  changesPassword(values)
    ? {
        name: values.name,
        oldPassword: values.oldPassword === '' ? undefined : values.oldPassword,
        newPassword: values.newPassword,
      }
    : { name: values.name };

/**
 * The signed-in user's own profile (from the user menu): their name and, with the current password,
 * a new one. Esc closes, Enter saves, the focus starts in the name.
 */
export const ProfileDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  return (
    <ModalDialog
      open={open}
      title={LL.profile.title()}
      intro={LL.profile.intro()}
      size="lg"
      onClose={onClose}
    >
      {/* Mounted afresh at each opening: it starts from the session's current name, boxes empty. */}
      {open && user ? <ProfileForm user={user} onClose={onClose} /> : null}
    </ModalDialog>
  );
};

const ProfileForm = ({ user, onClose }: { user: TUserInfo; onClose: () => void }) => {
  const { LL } = useI18nContext();
  const labelForPath = (path: string): string => {
    switch (path) {
      case 'oldPassword':
        return LL.profile.oldPassword();
      case 'newPassword':
        return LL.profile.newPassword();
      case 'confirmPassword':
        return LL.profile.confirmPassword();
      default:
        return LL.fields.name();
    }
  };
  const { register, handleSubmit, formState, setError } = useForm<TValues>({
    defaultValues: { name: user.name, oldPassword: '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
    resolver: labelledResolver({
      schema: ZProfileInput,
      bodyOf,
      labelForPath,
      messages: LL.validation,
      more: (values, errors) => {
        if (changesPassword(values) && !errors.newPassword && values.confirmPassword !== values.newPassword) {
          errors.confirmPassword = { type: 'match', message: LL.profile.passwordsDiffer() };
        }
      },
    }),
  });
  const { errors, isSubmitting } = formState;

  const { notice, save } = useNoticedSave(
    { handleSubmit, setError, fieldPaths, labelForPath, bodyOf },
    async (body) => {
      await api<{ data: TProfile }>('/admin/user-profile', { method: 'PUT', body });
      showToast(body.newPassword ? LL.profile.passwordChanged() : LL.profile.saved());
      // The top bar and every screen read the session's user: load it again with the new name.
      reloadSessionUser();
      onClose();
    },
  );

  const input = (
    key: keyof TValues,
    options: { type?: string; autoComplete: string; autoFocus?: boolean; hint?: string; required?: boolean },
  ) => {
    const id = `profile-${key}`;
    const error = errors[key]?.message;
    return (
      <TextField
        id={id}
        label={labelForPath(key)}
        required={options.required}
        requiredLabel={LL.form.requiredMark()}
        error={error}
        hint={options.hint}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        autoFocus={options.autoFocus}
        {...register(key)}
      />
    );
  };

  return (
    <DialogForm onSave={save}>
      <FormNotice notice={notice} />
      <div className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {input('name', { autoComplete: 'name', autoFocus: true, required: true })}
          <div>
            <p className={labelClass}>{LL.fields.username()}</p>
            <p className="py-2 font-mono text-slate-800 text-sm dark:text-slate-100">{user.username}</p>
          </div>
        </div>
        <fieldset className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <legend className="px-1 font-semibold text-slate-800 text-sm dark:text-slate-100">
            {LL.profile.changePassword()}
          </legend>
          <p className="mb-3 text-slate-500 text-xs dark:text-slate-400">{LL.profile.changePasswordHint()}</p>
          <div className="grid gap-4">
            {input('oldPassword', { type: 'password', autoComplete: 'current-password' })}
            <div className="grid gap-4 sm:grid-cols-2">
              {input('newPassword', {
                type: 'password',
                autoComplete: 'new-password',
                hint: LL.fieldHints.passwordHint(),
              })}
              {input('confirmPassword', { type: 'password', autoComplete: 'new-password' })}
            </div>
          </div>
        </fieldset>
      </div>
      <DialogFooter hint={LL.profile.keyboardHint()} onCancel={onClose}>
        <SaveButton busy={isSubmitting} />
      </DialogFooter>
    </DialogForm>
  );
};

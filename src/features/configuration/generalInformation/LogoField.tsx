import { useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { showToast } from '@/components/feedback/toasts';
import { FilePickerButton } from '@/components/form/FilePickerButton';
import { errorTextClass, labelClass } from '@/components/form/fieldStyles';
import { placeServerErrors } from '@/components/form/formErrors';
import { imageFileError } from '@/components/form/imageCheck';
import { failureMessage } from '@/components/form/saveFailure';
import { Icon } from '@/components/Icon';
import { dangerOutlineButton, secondaryButton } from '@/components/ui';
import { logoImageTypes, type TGeneralInformationItem, type TLogoKey } from '@/domain/generalInformation';
import { useI18nContext } from '@/i18n/i18n-react';
import { generalInformationFileUrl } from '@/platform/api/client';
import { ApiValidationError } from '@/platform/api/errors';
import { deleteLogo, uploadLogo } from './generalInformationApi';

type TLogoFieldProps = {
  logoKey: TLogoKey;
  label: string;
  hint: string;
  /** The stored file name, or null when no logo is set. */
  file: string | null;
  canUpdate: boolean;
  onChanged: (item: TGeneralInformationItem) => void;
};

/**
 * One logo: its preview, and for an editor upload (or replace) and remove. A chosen file is checked
 * here first (size, type) and sent at once; the server checks the content and its refusal, whose
 * first word is the field name `file`, shows under this field.
 */
export const LogoField = ({ logoKey, label, hint, file, canUpdate, onChanged }: TLogoFieldProps) => {
  const { LL } = useI18nContext();
  const words = LL.generalInformation;
  const [busy, setBusy] = useState<'uploading' | 'removing' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [brokenFile, setBrokenFile] = useState<string | null>(null);
  const id = `logo-${logoKey}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  const showFailure = (failure: unknown) => {
    if (failure instanceof ApiValidationError) {
      const { placed, unplaced } = placeServerErrors(failure.errors, ['file']);
      setError(placed.get('file') ?? unplaced[0] ?? failure.message);
    } else {
      setError(failureMessage(failure, LL));
    }
  };

  const upload = async (chosen: File) => {
    const refusal = imageFileError(chosen, label, LL.validation);
    if (refusal) {
      setError(refusal);
      return;
    }
    setError(null);
    setBusy('uploading');
    try {
      onChanged(await uploadLogo(logoKey, chosen));
      showToast(words.logoUploaded({ label }));
    } catch (failure) {
      showFailure(failure);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setError(null);
    setBusy('removing');
    try {
      onChanged(await deleteLogo(logoKey));
      showToast(words.logoRemoved({ label }));
    } catch (failure) {
      showFailure(failure);
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  const shown = file && brokenFile !== file ? file : null;
  return (
    <div>
      {/* The heading labels the file input, so the field is found by its name. */}
      <h3 className={labelClass}>{canUpdate ? <label htmlFor={id}>{label}</label> : label}</h3>
      <div className="flex h-32 w-full max-w-xs items-center justify-center overflow-hidden rounded-md border border-slate-300 border-dashed bg-slate-50 p-2 dark:border-slate-700 dark:bg-slate-800/60">
        {shown ? (
          <img
            src={generalInformationFileUrl(shown)}
            alt={words.logoPreview({ label })}
            className="max-h-full max-w-full object-contain"
            onError={() => setBrokenFile(shown)}
          />
        ) : (
          <span className="flex flex-col items-center gap-1 text-slate-500 text-sm dark:text-slate-400">
            <Icon name="image" className="size-8" />
            {LL.form.noImage()}
          </span>
        )}
      </div>
      <p id={hintId} className="mt-2 text-slate-500 text-xs dark:text-slate-400">
        {hint} {canUpdate ? words.imageRules() : null}
      </p>
      {canUpdate ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <FilePickerButton
            accept={logoImageTypes.join(',')}
            onFiles={([chosen]) => void upload(chosen)}
            className={secondaryButton}
            disabled={busy !== null}
            aria-describedby={error ? errorId : undefined}
            input={{ id, invalid: Boolean(error), describedBy: error ? `${errorId} ${hintId}` : hintId }}
          >
            <Icon name="upload" className="size-4" />
            {busy === 'uploading' ? words.uploading() : file ? LL.form.replace() : LL.form.upload()}
            <span className="sr-only"> {label}</span>
          </FilePickerButton>
          {file ? (
            <button
              type="button"
              className={dangerOutlineButton}
              disabled={busy !== null}
              onClick={() => setConfirming(true)}
            >
              <Icon name="trash" className="size-4" />
              {busy === 'removing' ? words.removing() : LL.form.remove()}
              <span className="sr-only"> {label}</span>
            </button>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className={errorTextClass} role="alert">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={words.removeLogoTitle()}
        body={words.removeLogoBody({ label })}
        confirmLabel={LL.form.remove()}
        cancelLabel={LL.form.cancel()}
        danger
        busy={busy === 'removing'}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
};

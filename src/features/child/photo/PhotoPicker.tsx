import { useEffect, useId, useRef, useState } from 'react';
import { AuthImage } from '@/components/AuthImage';
import { FilePickerButton } from '@/components/form/FilePickerButton';
import { errorTextClass, labelClass } from '@/components/form/fieldStyles';
import { imageFileError } from '@/components/form/imageCheck';
import { Icon } from '@/components/Icon';
import { dangerOutlineButton, secondaryButton } from '@/components/ui';
import { childPhotoTypes } from '@/domain/childFiles';
import { childPhotoPath } from '@/features/child/api/childFilesApi';
import { formatFileSize } from '@/features/child/documents/fileSize';
import { useI18nContext } from '@/i18n/i18n-react';
import { keepPhoto, type TPhotoDraft } from './photoDraft';

type TPhotoPickerProps = {
  /** The saved child's id (edit), or undefined on the create page. */
  childId?: number;
  /** Whether the saved record has a photo now. */
  hasPhoto: boolean;
  /** The record's version: a replaced photo is fetched again. */
  version?: number;
  draft: TPhotoDraft;
  onChange: (draft: TPhotoDraft) => void;
};

const frameClass =
  'flex h-40 w-32 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-800/60';

/** The placeholder of a child without a photo. */
const NoPhoto = ({ text }: { text: string }) => (
  <span className="flex flex-col items-center gap-1 px-2 text-center text-slate-500 text-xs dark:text-slate-400">
    <Icon name="child" className="size-10" />
    {text}
  </span>
);

/**
 * The child's photo in the identity section: the current photo (edit) or the chosen file's preview,
 * 'Choose photo' and 'Remove photo'. A chosen file is checked at once (type, size) and kept until
 * the record is saved; a refused one is said under the buttons and changes nothing.
 */
export const PhotoPicker = ({ childId, hasPhoto, version, draft, onChange }: TPhotoPickerProps) => {
  const { LL, locale } = useI18nContext();
  const words = LL.areas.child.photo;
  const id = useId();
  const inputId = `${id}-photo`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const chooseRef = useRef<HTMLButtonElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  const chosenFile = draft.kind === 'replace' ? draft.file : null;
  useEffect(() => {
    if (!chosenFile) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(chosenFile);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [chosenFile]);

  const showsCurrent = draft.kind === 'keep' && hasPhoto && childId !== undefined;
  const showsSomething = chosenFile !== null || showsCurrent;

  const choose = (file: File) => {
    const refusal = imageFileError(file, words.label(), LL.validation, childPhotoTypes);
    setError(refusal);
    if (!refusal) onChange({ kind: 'replace', file });
  };

  const remove = () => {
    setError(null);
    // Taking back a chosen file on a record without a photo simply forgets the choice.
    onChange(hasPhoto ? { kind: 'remove' } : keepPhoto);
    chooseRef.current?.focus();
  };

  const status =
    draft.kind === 'replace'
      ? words.pendingNew({ name: draft.file.name, size: formatFileSize(draft.file.size, locale) })
      : draft.kind === 'remove' && hasPhoto
        ? words.pendingRemove()
        : null;

  return (
    <div className="flex flex-wrap items-start gap-4">
      <div className={frameClass}>
        {chosenFile && previewUrl ? (
          <img src={previewUrl} alt={words.previewAlt()} className="size-full object-cover" />
        ) : showsCurrent ? (
          <AuthImage
            path={childPhotoPath(childId)}
            version={version}
            alt={words.alt()}
            className="size-full object-cover"
            fallback={<NoPhoto text={words.none()} />}
          />
        ) : (
          <NoPhoto text={words.none()} />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <h3 className={labelClass}>
          <label htmlFor={inputId}>{words.label()}</label>
        </h3>
        <div className="flex flex-wrap gap-2">
          <FilePickerButton
            ref={chooseRef}
            accept={childPhotoTypes.join(',')}
            onFiles={([file]) => choose(file)}
            className={secondaryButton}
            aria-describedby={error ? errorId : hintId}
            input={{
              id: inputId,
              invalid: Boolean(error),
              describedBy: error ? `${errorId} ${hintId}` : hintId,
            }}
          >
            <Icon name="image" className="size-4" />
            {showsSomething ? words.change() : words.choose()}
          </FilePickerButton>
          {showsSomething ? (
            <button type="button" className={dangerOutlineButton} onClick={remove}>
              <Icon name="trash" className="size-4" />
              {words.remove()}
            </button>
          ) : null}
          {draft.kind !== 'keep' && hasPhoto ? (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                setError(null);
                onChange(keepPhoto);
              }}
            >
              <Icon name="refresh" className="size-4" />
              {words.keep()}
            </button>
          ) : null}
        </div>
        <p id={hintId} className="mt-2 text-slate-500 text-xs dark:text-slate-400">
          {words.rules()}
        </p>
        {status ? (
          <p id={statusId} className="mt-1 text-primary-800 text-xs dark:text-primary-200" aria-live="polite">
            {status}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} className={errorTextClass} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
};

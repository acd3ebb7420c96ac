import { useId, useRef, useState } from 'react';
import { FilePickerButton } from '@/components/form/FilePickerButton';
import { Icon } from '@/components/Icon';
import { dangerOutlineButton, secondaryButton, smallButton } from '@/components/ui';
import { childDocumentTypes } from '@/domain/childFiles';
import { useI18nContext } from '@/i18n/i18n-react';
import { DocumentRefusals } from './DocumentRefusals';
import { checkChosenDocuments } from './documentCheck';
import { documentCheckMessages } from './documentMessages';
import { formatFileSize } from './fileSize';

/** A file chosen on the create page, uploaded once the record is saved. */
export type TPendingDocument = { key: string; file: File };

let pendingSequence = 0;
const pendingKey = () => {
  pendingSequence += 1;
  return `pending-${pendingSequence}`;
};

/**
 * The documents of a child not saved yet: files are chosen (several at once), checked, listed with
 * their size and can be taken out again; the form uploads them after it has saved the record.
 */
export const PendingDocuments = ({
  files,
  onChange,
}: {
  files: readonly TPendingDocument[];
  onChange: (files: TPendingDocument[]) => void;
}) => {
  const { LL, locale } = useI18nContext();
  const words = LL.areas.child.documents;
  const id = useId();
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const hintId = `${id}-hint`;
  const refusalsId = `${id}-refusals`;

  const choose = (chosen: File[]) => {
    const { accepted, refusals: refused } = checkChosenDocuments(chosen, documentCheckMessages(LL));
    setRefusals(refused);
    if (accepted.length > 0) {
      onChange([...files, ...accepted.map((file) => ({ key: pendingKey(), file }))]);
    }
  };

  const removeAt = (index: number) => {
    const rest = files.filter((_, position) => position !== index);
    onChange(rest);
    // The row that takes its place, else the one before, else the choose button.
    const next = rest[Math.min(index, rest.length - 1)];
    const target = next ? document.getElementById(`${id}-${next.key}`) : chooseButton.current;
    target?.focus();
  };

  const total = files.reduce((sum, pending) => sum + pending.file.size, 0);
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <FilePickerButton
          ref={chooseButton}
          accept={childDocumentTypes.join(',')}
          multiple
          onFiles={choose}
          className={secondaryButton}
          aria-describedby={refusals.length > 0 ? `${hintId} ${refusalsId}` : hintId}
        >
          <Icon name="upload" className="size-4" />
          {words.add()}
        </FilePickerButton>
        <span id={hintId} className="text-slate-500 text-xs dark:text-slate-400">
          {words.hint()} {words.pendingHint()}
        </span>
      </div>
      <DocumentRefusals id={refusalsId} refusals={refusals} />
      {files.length === 0 ? (
        <div className="rounded-md border border-slate-300 border-dashed px-4 py-6 text-center dark:border-slate-700">
          <Icon name="report" className="mx-auto size-8 text-slate-400 dark:text-slate-500" />
          <p className="mt-2 font-medium text-slate-800 text-sm dark:text-slate-100">{words.empty()}</p>
          <p className="mt-1 text-slate-500 text-sm dark:text-slate-400">{words.emptyHint()}</p>
        </div>
      ) : (
        <>
          <p className="mb-2 text-slate-600 text-sm dark:text-slate-300" aria-live="polite">
            {words.pendingCount({ count: files.length, size: formatFileSize(total, locale) })}
          </p>
          <ul
            aria-label={words.pendingListLabel()}
            className="divide-y divide-slate-100 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-700"
          >
            {files.map((pending, index) => (
              <li key={pending.key} className="flex items-center gap-3 px-3 py-2 text-sm">
                <Icon
                  name={pending.file.type.startsWith('image/') ? 'image' : 'report'}
                  className="size-4 shrink-0 text-slate-400"
                />
                <span className="min-w-0 flex-1 break-all text-slate-800 dark:text-slate-100">
                  {pending.file.name}
                </span>
                <span className="whitespace-nowrap text-slate-500 tabular-nums dark:text-slate-400">
                  {formatFileSize(pending.file.size, locale)}
                </span>
                <button
                  id={`${id}-${pending.key}`}
                  type="button"
                  className={`${dangerOutlineButton} ${smallButton}`}
                  aria-label={words.removePending({ name: pending.file.name })}
                  onClick={() => removeAt(index)}
                >
                  <Icon name="close" className="size-3.5" />
                  {words.remove()}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
};

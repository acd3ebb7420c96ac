import { useCallback, useId, useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { LoadState } from '@/components/feedback/LoadState';
import { showToast } from '@/components/feedback/toasts';
import { FilePickerButton } from '@/components/form/FilePickerButton';
import { failureText } from '@/components/form/failureText';
import { inputClass } from '@/components/form/fieldStyles';
import { Icon } from '@/components/Icon';
import { SummaryCard } from '@/components/record/SummaryCard';
import { secondaryButton } from '@/components/ui';
import { attachmentTypes, type TAttachment } from '@/domain/attachments';
import { formatDate } from '@/domain/dateFormat';
import { isoDateIn } from '@/domain/programmeTime';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import { useRemoteData } from '@/platform/api/useRemoteData';
import { downloadAttachment, fetchAttachments, removeAttachment, uploadAttachments } from './attachmentsApi';

export type TAttachmentsCardProps = {
  /** The record type's API base (`/parent-infos`): files at `{apiBase}/attachments/{id}`. */
  apiBase: string;
  recordId: string;
  /** Prefix of element ids (`parent-attachments`). */
  idPrefix: string;
  /** What a file may stand for (checklist items), with their names; none: files have no slot. */
  slots?: readonly { key: string; label: string }[];
  editable: boolean;
  reloadKey: number;
  /** After a file was added or removed (the record's timeline tells it). */
  onChange?: () => void;
};

/**
 * A record's documents on the attachments engine (DESIGN.md section 1): the files grouped by what
 * they stand for, each downloadable by whoever may read the record; a user who may change it
 * attaches (PDF or image, checked by the server) and removes them. Keyboard first: every action is
 * a button in the tab order; removing asks first.
 */
export const AttachmentsCard = ({
  apiBase,
  recordId,
  idPrefix,
  slots,
  editable,
  reloadKey,
  onChange,
}: TAttachmentsCardProps) => {
  const { LL } = useI18nContext();
  const t = LL.attachments;
  const slotSelectId = useId();
  const load = useRemoteData(
    useCallback((signal: AbortSignal) => fetchAttachments(apiBase, recordId, signal), [apiBase, recordId]),
    reloadKey,
  );
  // A record with one kind of document (a service's) files each upload under it unless told otherwise.
  const [slot, setSlot] = useState<string>(() => (slots?.length === 1 ? slots[0].key : ''));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TAttachment | null>(null);

  const upload = async (files: File[]) => {
    setBusy(true);
    setError(null);
    try {
      const added = await uploadAttachments(apiBase, recordId, files, slot || null);
      load.update((list) => [...list, ...added]);
      showToast(t.uploaded({ name: added.map((file) => file.originalName).join(', ') }));
      onChange?.();
    } catch (failure) {
      setError(failureText(failure, LL));
    } finally {
      setBusy(false);
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    const gone = removing;
    setBusy(true);
    try {
      await removeAttachment(apiBase, gone.id);
      load.update((list) => list.filter((file) => file.id !== gone.id));
      showToast(t.removed({ name: gone.originalName }));
      onChange?.();
    } catch (failure) {
      showToast(failureText(failure, LL), 'error');
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  const labelOfSlot = (key: string | null) =>
    (key && slots?.find((candidate) => candidate.key === key)?.label) || t.noSlot();
  const files = load.state === 'ready' ? load.data : [];
  const groups = [...(slots ?? []).map((candidate) => candidate.key), null].map((key) => ({
    key,
    files: files.filter((file) => (file.slot ?? null) === key),
  }));

  return (
    <SummaryCard
      id={`${idPrefix}-attachments`}
      title={t.title()}
      both={bothLanguages((book) => book.attachments.title())}
    >
      {load.state !== 'ready' ? (
        <LoadState state={load.state} failedText={t.loadFailed()} onRetry={load.reload} />
      ) : (
        <>
          {files.length === 0 && !slots ? (
            <p className="text-slate-500 text-sm italic dark:text-slate-400">{t.empty()}</p>
          ) : null}
          <ul className="flex flex-col gap-3">
            {groups
              .filter((group) => group.files.length > 0 || (slots && group.key !== null))
              .map((group) => (
                <li key={group.key ?? 'other'}>
                  <div className="font-medium text-slate-500 text-xs dark:text-slate-400">
                    {labelOfSlot(group.key)}
                  </div>
                  {group.files.length === 0 ? (
                    <div className="text-slate-500 text-sm italic dark:text-slate-400">{t.missing()}</div>
                  ) : (
                    <ul className="mt-1 flex flex-col gap-1">
                      {group.files.map((file) => (
                        <li key={file.id} className="flex flex-wrap items-center gap-2 text-sm">
                          <Icon name="report" className="size-4 text-slate-500" />
                          <button
                            type="button"
                            className="text-left text-primary underline-offset-2 hover:underline focus-visible:underline dark:text-primary-light"
                            onClick={() =>
                              void downloadAttachment(apiBase, file).catch((failure: unknown) =>
                                showToast(failureText(failure, LL), 'error'),
                              )
                            }
                            aria-label={t.download({ name: file.originalName })}
                          >
                            {file.originalName}
                          </button>
                          {/* Paper has no buttons: the name is printed as text. */}
                          <span className="hidden print:inline">{file.originalName}</span>
                          <span className="text-slate-500 text-xs dark:text-slate-400">
                            {t.addedBy({
                              who: file.createdByName ?? LL.record.timeline.someone(),
                              date: formatDate(isoDateIn(new Date(file.createdAt))),
                            })}
                          </span>
                          {editable ? (
                            <button
                              type="button"
                              className="ml-auto rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-error focus-visible:outline-2 dark:hover:bg-slate-800 print:hidden"
                              onClick={() => setRemoving(file)}
                              aria-label={t.remove({ name: file.originalName })}
                              disabled={busy}
                            >
                              <Icon name="trash" className="size-4" />
                            </button>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
          </ul>
          {editable ? (
            <div className="mt-4 flex flex-wrap items-end gap-3 border-slate-200 border-t pt-3 dark:border-slate-800 print:hidden">
              {slots ? (
                <div className="flex flex-col gap-1">
                  <label
                    htmlFor={slotSelectId}
                    className="font-medium text-slate-700 text-sm dark:text-slate-200"
                  >
                    {t.slot()}
                  </label>
                  <select
                    id={slotSelectId}
                    className={inputClass(false)}
                    value={slot}
                    onChange={(event) => setSlot(event.target.value)}
                  >
                    {slots.map((candidate) => (
                      <option key={candidate.key} value={candidate.key}>
                        {candidate.label}
                      </option>
                    ))}
                    <option value="">{t.noSlot()}</option>
                  </select>
                </div>
              ) : null}
              <FilePickerButton
                accept={attachmentTypes.join(',')}
                multiple
                onFiles={(chosen) => void upload(chosen)}
                className={secondaryButton}
                disabled={busy}
                aria-describedby={`${idPrefix}-attachments-hint`}
              >
                <Icon name="upload" className="size-4" />
                {busy ? t.uploading() : t.add()}
              </FilePickerButton>
              <span
                id={`${idPrefix}-attachments-hint`}
                className="text-slate-500 text-xs dark:text-slate-400"
              >
                {t.hint()}
              </span>
            </div>
          ) : null}
          {error ? (
            <p className="mt-2 text-error text-sm" role="alert">
              {error}
            </p>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t.remove({ name: removing.originalName }) : ''}
        body={removing ? t.confirmRemove({ name: removing.originalName }) : ''}
        confirmLabel={LL.form.remove()}
        cancelLabel={LL.form.cancel()}
        danger
        busy={busy}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </SummaryCard>
  );
};

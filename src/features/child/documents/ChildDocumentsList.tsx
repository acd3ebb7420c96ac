import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { CompactTable, compactRowClass } from '@/components/CompactTable';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { LoadState } from '@/components/feedback/LoadState';
import { showToast } from '@/components/feedback/toasts';
import { FilePickerButton } from '@/components/form/FilePickerButton';
import { failureText } from '@/components/form/failureText';
import { Icon } from '@/components/Icon';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { RemoveRowButton } from '@/components/RemoveRowButton';
import { primaryButton, secondaryButton, smallButton } from '@/components/ui';
import { childDocumentTypes, type TChildDocument } from '@/domain/childFiles';
import { formatInstantDate } from '@/domain/dateFormat';
import {
  downloadChildDocument,
  fetchChildDocuments,
  removeChildDocument,
  replaceChildDocument,
  setChildDocumentOrigin,
  uploadChildDocuments,
} from '@/features/child/api/childFilesApi';
import { useI18nContext } from '@/i18n/i18n-react';
import { errorStatus } from '@/platform/api/errors';
import { useRemoteData } from '@/platform/api/useRemoteData';
import { DocumentRefusals } from './DocumentRefusals';
import { checkChosenDocuments } from './documentCheck';
import { documentCheckMessages } from './documentMessages';
import { formatFileSize } from './fileSize';

type TBusy =
  | { kind: 'adding' }
  | { kind: 'replacing'; id: number }
  | { kind: 'downloading'; id: number }
  | { kind: 'removing'; id: number }
  | { kind: 'marking'; id: number }
  | null;

const cell = 'px-3 py-2 align-middle';

/** What a document is called on screen: its title when it has one, else the file's name. */
const documentName = (document: TChildDocument) => document.title ?? document.originalName;

/**
 * A child's documents as they are stored: name, size, who uploaded them and when, with Download
 * for every reader and Add, Replace and Remove when `editable`. Each action takes effect at once:
 * documents are not part of the child record (their changes leave its version as it is). The
 * edit form and the child's page both show this list.
 */
export const ChildDocumentsList = ({
  childId,
  editable,
}: {
  childId: number | string;
  editable: boolean;
}) => {
  const { LL, locale } = useI18nContext();
  const words = LL.areas.child.documents;
  const id = useId();
  const loadDocuments = useCallback((signal: AbortSignal) => fetchChildDocuments(childId, signal), [childId]);
  const documents = useRemoteData(loadDocuments);
  const [busy, setBusy] = useState<TBusy>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [removing, setRemoving] = useState<TChildDocument | null>(null);
  // The next documents added are origin documents (a birth certificate...): sealed after adoption.
  const [originUpload, setOriginUpload] = useState(false);
  const replaceInput = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const replaceTarget = useRef<TChildDocument | null>(null);

  const rows = documents.state === 'ready' ? documents.data : [];
  const setRows = documents.update;

  /** A document someone else removed meanwhile: say so and show the list as it is now. */
  const goneOrFailed = (error: unknown, failed: (reason: string) => string) => {
    if (errorStatus(error) === 404) {
      showToast(words.gone(), 'error');
      documents.reload();
    } else {
      if (errorStatus(error) === 409) documents.reload();
      showToast(failed(failureText(error, LL)), 'error');
    }
  };

  const add = async (chosen: File[]) => {
    const { accepted, refusals: refused } = checkChosenDocuments(chosen, documentCheckMessages(LL));
    setRefusals(refused);
    if (accepted.length === 0) return;
    setBusy({ kind: 'adding' });
    let added = 0;
    try {
      await uploadChildDocuments(
        childId,
        accepted,
        (batch) => {
          added += batch.length;
          setRows((current) => [...current, ...batch]);
        },
        originUpload,
      );
      showToast(words.added({ count: added }));
    } catch (error) {
      showToast(words.addFailed({ reason: failureText(error, LL) }), 'error');
    } finally {
      setBusy(null);
      addButton.current?.focus();
    }
  };

  const replace = async (document: TChildDocument, file: File) => {
    const { refusals: refused } = checkChosenDocuments([file], documentCheckMessages(LL));
    setRefusals(refused);
    if (refused.length > 0) return;
    setBusy({ kind: 'replacing', id: document.id });
    try {
      const updated = await replaceChildDocument(document, file);
      setRows((current) => current.map((row) => (row.id === updated.id ? updated : row)));
      showToast(words.replaced({ name: documentName(document) }));
    } catch (error) {
      goneOrFailed(error, (reason) => words.replaceFailed({ reason }));
    } finally {
      setBusy(null);
    }
  };

  /** Marks a document kept already as an origin document, or not (issue 27): its file stays. */
  const toggleOrigin = async (document: TChildDocument) => {
    const origin = !document.origin;
    const sealed = LL.areas.child.sealed;
    setBusy({ kind: 'marking', id: document.id });
    try {
      const updated = await setChildDocumentOrigin(document, origin);
      setRows((current) => current.map((row) => (row.id === updated.id ? updated : row)));
      const name = documentName(document);
      showToast(origin ? sealed.marked({ name }) : sealed.unmarked({ name }));
    } catch (error) {
      goneOrFailed(error, (reason) => sealed.markFailed({ reason }));
    } finally {
      setBusy(null);
    }
  };

  const download = async (document: TChildDocument) => {
    setBusy({ kind: 'downloading', id: document.id });
    try {
      await downloadChildDocument(document);
    } catch (error) {
      goneOrFailed(error, (reason) => words.downloadFailed({ reason }));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    const document = removing;
    if (!document) return;
    setBusy({ kind: 'removing', id: document.id });
    try {
      await removeChildDocument(document.id);
      setRows((current) => current.filter((row) => row.id !== document.id));
      showToast(words.removed({ name: documentName(document) }));
    } catch (error) {
      goneOrFailed(error, (reason) => words.removeFailed({ reason }));
    } finally {
      setBusy(null);
      setRemoving(null);
      addButton.current?.focus();
    }
  };

  const canAdd = editable && documents.state === 'ready' && busy === null;
  const commands = useMemo<TCommand[]>(
    () =>
      canAdd
        ? [
            {
              id: 'child-add-documents',
              title: words.add(),
              icon: 'upload',
              keywords: ['upload', 'document', 'file', 'ឯកសារ', 'ផ្ទុកឡើង'],
              perform: () => addButton.current?.click(),
            },
          ]
        : [],
    [canAdd, words],
  );
  useRegisterCommands(commands);

  const hintId = `${id}-hint`;
  const refusalsId = `${id}-refusals`;

  return (
    <div>
      {editable ? (
        <>
          <input
            ref={replaceInput}
            type="file"
            accept={childDocumentTypes.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              const target = replaceTarget.current;
              replaceTarget.current = null;
              if (file && target) void replace(target, file);
            }}
          />
          <div className="mb-3 flex flex-wrap items-center gap-3 print:hidden">
            <FilePickerButton
              ref={addButton}
              accept={childDocumentTypes.join(',')}
              multiple
              onFiles={(files) => void add(files)}
              className={primaryButton}
              disabled={!canAdd}
              aria-describedby={refusals.length > 0 ? `${hintId} ${refusalsId}` : hintId}
            >
              <Icon name="upload" className="size-4" />
              {busy?.kind === 'adding' ? words.adding() : words.add()}
            </FilePickerButton>
            <label
              className="inline-flex items-center gap-2 text-slate-700 text-sm dark:text-slate-200"
              title={LL.areas.child.sealed.originDocumentHint()}
            >
              <input
                type="checkbox"
                checked={originUpload}
                onChange={(event) => setOriginUpload(event.target.checked)}
              />
              {LL.areas.child.sealed.originDocument()}
            </label>
            <span id={hintId} className="text-slate-500 text-xs dark:text-slate-400">
              {words.hint()}
            </span>
          </div>
          <DocumentRefusals id={refusalsId} refusals={refusals} />
        </>
      ) : null}

      {documents.state !== 'ready' ? (
        <LoadState
          state={documents.state}
          spacing="py-2"
          loadingText={words.loading()}
          failedText={words.loadFailed()}
          onRetry={documents.reload}
        />
      ) : rows.length === 0 ? (
        <div className="rounded-md border border-slate-300 border-dashed px-4 py-6 text-center dark:border-slate-700">
          <Icon name="report" className="mx-auto size-8 text-slate-400 dark:text-slate-500" />
          <p className="mt-2 font-medium text-slate-800 text-sm dark:text-slate-100">{words.empty()}</p>
          <p className="mt-1 text-slate-500 text-sm dark:text-slate-400">
            {editable ? words.emptyHint() : words.emptyReadOnly()}
          </p>
        </div>
      ) : (
        <CompactTable
          tableClassName="w-full min-w-[36rem] text-left text-sm"
          caption={words.listLabel()}
          columns={[
            { key: 'file', heading: words.file(), className: cell },
            { key: 'size', heading: words.size(), className: `${cell} text-right` },
            { key: 'uploadedBy', heading: words.uploadedBy(), className: cell },
            { key: 'uploadedOn', heading: words.uploadedOn(), className: cell },
            {
              key: 'actions',
              heading: <span className="sr-only">{LL.list.actions()}</span>,
              className: `${cell} text-right print:hidden`,
            },
          ]}
        >
          {rows.map((row) => {
            const name = documentName(row);
            const rowBusy = busy !== null && 'id' in busy && busy.id === row.id ? busy.kind : null;
            return (
              <tr key={row.id} className={compactRowClass}>
                <td className={`${cell} min-w-48`}>
                  <span className="flex items-center gap-2">
                    <Icon
                      name={row.mimeType.startsWith('image/') ? 'image' : 'report'}
                      className="size-4 shrink-0 text-slate-400"
                    />
                    <span className="min-w-0">
                      <span className="block break-all font-medium">
                        {name}
                        {row.origin ? (
                          <span className="ml-2 inline-flex items-center gap-1 whitespace-nowrap rounded bg-amber-100 px-1.5 py-0.5 font-normal text-amber-900 text-xs dark:bg-amber-900 dark:text-amber-100">
                            <Icon name="lock" className="size-3" />
                            {LL.areas.child.sealed.originDocument()}
                          </span>
                        ) : null}
                      </span>
                      {row.title ? (
                        <span className="block break-all text-slate-500 text-xs dark:text-slate-400">
                          {row.originalName}
                        </span>
                      ) : null}
                    </span>
                  </span>
                </td>
                <td className={`${cell} whitespace-nowrap text-right tabular-nums`}>
                  {formatFileSize(row.size, locale)}
                </td>
                <td className={cell}>
                  {row.createdByName ?? (
                    <span className="text-slate-500 dark:text-slate-400">{words.unknownUser()}</span>
                  )}
                </td>
                <td className={`${cell} whitespace-nowrap tabular-nums`}>
                  {formatInstantDate(row.createdAt)}
                </td>
                <td className={`${cell} text-right print:hidden`}>
                  {/* Four actions for an editor: they wrap rather than squeeze the file's name. */}
                  <div className="flex flex-wrap justify-end gap-2">
                    <button
                      type="button"
                      className={`${secondaryButton} ${smallButton}`}
                      aria-label={words.downloadNamed({ name })}
                      disabled={busy !== null}
                      onClick={() => void download(row)}
                    >
                      <Icon name="arrowRight" className="size-3.5 rotate-90" />
                      {rowBusy === 'downloading' ? words.downloading() : words.download()}
                    </button>
                    {editable ? (
                      <>
                        <button
                          type="button"
                          className={`${secondaryButton} ${smallButton}`}
                          aria-label={
                            row.origin
                              ? LL.areas.child.sealed.unmarkOriginNamed({ name })
                              : LL.areas.child.sealed.markOriginNamed({ name })
                          }
                          disabled={busy !== null}
                          onClick={() => void toggleOrigin(row)}
                        >
                          <Icon name="lock" className="size-3.5" />
                          {rowBusy === 'marking'
                            ? LL.areas.child.sealed.marking()
                            : row.origin
                              ? LL.areas.child.sealed.unmarkOrigin()
                              : LL.areas.child.sealed.markOrigin()}
                        </button>
                        <button
                          type="button"
                          className={`${secondaryButton} ${smallButton}`}
                          aria-label={words.replaceNamed({ name })}
                          disabled={busy !== null}
                          onClick={() => {
                            replaceTarget.current = row;
                            replaceInput.current?.click();
                          }}
                        >
                          <Icon name="refresh" className="size-3.5" />
                          {rowBusy === 'replacing' ? words.replacing() : words.replace()}
                        </button>
                        <RemoveRowButton
                          aria-label={words.removeNamed({ name })}
                          disabled={busy !== null}
                          onClick={() => setRemoving(row)}
                        >
                          {words.remove()}
                        </RemoveRowButton>
                      </>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </CompactTable>
      )}

      <ConfirmDialog
        open={removing !== null}
        title={words.removeTitle()}
        body={words.removeBody({ name: removing ? documentName(removing) : '' })}
        confirmLabel={words.remove()}
        cancelLabel={LL.form.cancel()}
        danger
        busy={busy?.kind === 'removing'}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
};

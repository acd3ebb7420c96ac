import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/AppLink';
import { ForbiddenView } from '@/components/errors/views';
import { showToast } from '@/components/feedback/toasts';
import { FilePickerButton } from '@/components/form/FilePickerButton';
import { failureMessage } from '@/components/form/saveFailure';
import { Icon } from '@/components/Icon';
import { pageDestination } from '@/components/palette/destinations';
import { useRecentDestination } from '@/components/palette/useRecentDestination';
import { primaryButton, secondaryButton } from '@/components/ui';
import { createAnywayReasonMax } from '@/domain/importPlan';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { errorBody, errorStatus } from '@/platform/api/errors';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { ImportPlan } from './ImportPlan';
import { importKindsFor, recordListPath, type TImportKind } from './importKinds';
import {
  allRowsValid,
  invalidRowCount,
  mayCommit,
  type TCommitResult,
  type TDryRun,
  writeCount,
} from './uploadAnswers';
import { commitImport, downloadErrors, downloadTemplate, dryRun } from './uploadApi';

const DryRunGrid = lazy(() => import('./DryRunGrid'));

/** The API's ceiling on a workbook (issue 25): refused here before a long upload, said the same way. */
const maxWorkbookBytes = 20 * 1024 * 1024;
const workbookTypes = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type TStep =
  | { step: 'choose'; failure?: string }
  | { step: 'sending'; name: string; percent: number }
  | { step: 'checking'; name: string }
  | {
      step: 'checked';
      name: string;
      dryRun: TDryRun;
      committing: boolean;
      failure?: string;
      /** The possible duplicates to create anyway, and why (issue 35). */
      chosen: ReadonlySet<number>;
      reason: string;
      reasonMissing?: boolean;
    }
  | { step: 'done'; name: string; result: TCommitResult };

/** Why a file came back refused: the server's reason (not a workbook, too many rows...) in the user's language. */
const refusalText = (error: unknown, name: string, LL: TranslationFunctions) => {
  const words = LL.upload;
  const failure = failureMessage(error, LL);
  const reason =
    errorStatus(error) === 413
      ? errorBody(error).message || words.tooLarge()
      : failure === LL.errors.offlineTitle()
        ? words.networkFailed()
        : failure;
  return `${words.refused({ name })} ${reason}`;
};

/**
 * `/upload` (issue 25): children or parent applications from a workbook. Choose the kind (those the
 * user may write), download the template, drop or choose the file; while it is sent a progress bar,
 * then 'checking'; the dry run's summary and its rows with errors in a grid; the errors workbook;
 * Import, offered only when every row is valid (the commit is all or nothing); the result, each new
 * or updated record a link.
 */
const UploadScreen = () => {
  const { LL } = useI18nContext();
  const words = LL.upload;
  const { user } = useSession();
  const locale = useRouteLocale();
  const kinds = useMemo(() => importKindsFor(user), [user]);
  const [searchParams, setSearchParams] = useSearchParams();
  const kind = kinds.find((candidate) => candidate.resource === searchParams.get('resource')) ?? kinds[0];
  useRecentDestination(useMemo(() => pageDestination('/upload', (book) => book.upload.title()), []));

  const [state, setState] = useState<TStep>({ step: 'choose' });
  const stopSending = useRef<AbortController | null>(null);
  // Leaving the page stops a file still on its way.
  useEffect(() => () => stopSending.current?.abort(), []);
  const chooseKind = (next: TImportKind) => {
    stopSending.current?.abort();
    setState({ step: 'choose' });
    setSearchParams({ resource: next.resource }, { replace: true });
  };

  const check = async (files: readonly File[]) => {
    if (!kind) return;
    if (files.length !== 1) return setState({ step: 'choose', failure: words.oneFile() });
    const [file] = files;
    if (file.size > maxWorkbookBytes) return setState({ step: 'choose', failure: words.tooLarge() });
    stopSending.current?.abort();
    // The grid's code comes while the file is on its way, so the errors show as the answer comes.
    void import('./DryRunGrid');
    const controller = new AbortController();
    stopSending.current = controller;
    setState({ step: 'sending', name: file.name, percent: 0 });
    try {
      const answer = await dryRun(kind, file, {
        signal: controller.signal,
        onProgress: ({ loaded, total }) =>
          setState((current) =>
            current.step === 'sending'
              ? { ...current, percent: total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0 }
              : current,
          ),
        // The whole file is there: the server reads and checks every row now.
        onSent: () => setState({ step: 'checking', name: file.name }),
      });
      if (!controller.signal.aborted)
        setState({
          step: 'checked',
          name: file.name,
          dryRun: answer,
          committing: false,
          chosen: new Set(),
          reason: '',
        });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ step: 'choose', failure: refusalText(error, file.name, LL) });
    }
  };

  const commit = async () => {
    if (state.step !== 'checked' || !kind) return;
    const { name, dryRun: checked, chosen, reason } = state;
    if (chosen.size > 0 && reason.trim() === '') return setState({ ...state, reasonMissing: true });
    setState({ ...state, committing: true, failure: undefined, reasonMissing: false });
    try {
      const result = await commitImport(kind, checked.token, {
        createAnyway: [...chosen].sort((a, b) => a - b),
        reason: reason.trim(),
      });
      setState({ step: 'done', name, result });
    } catch (error) {
      setState({
        ...state,
        committing: false,
        failure: `${words.commitFailed()} ${failureMessage(error, LL)}`,
      });
    }
  };

  const download = async (what: 'template' | 'errors') => {
    if (!kind) return;
    try {
      if (what === 'template') await downloadTemplate(kind);
      else if (state.step === 'checked') await downloadErrors(kind, state.dryRun.token);
    } catch (error) {
      const failed = what === 'template' ? words.templateFailed() : words.downloadErrorsFailed();
      showToast(`${failed} ${failureMessage(error, LL)}`, 'error');
    }
  };

  if (!kind) return <ForbiddenView />;
  const busy = state.step === 'sending' || state.step === 'checking';

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="font-semibold text-2xl text-slate-900 dark:text-slate-50">{words.title()}</h1>
      <p className="mt-1 max-w-3xl text-slate-600 dark:text-slate-300">{words.intro()}</p>

      <div className="mt-6 flex flex-wrap items-end gap-4">
        {kinds.length > 1 ? (
          <fieldset className="flex flex-wrap items-center gap-2" disabled={busy}>
            <legend className="mb-1 font-medium text-slate-700 text-sm dark:text-slate-200">
              {words.kindLegend()}
            </legend>
            {kinds.map((candidate) => (
              <label
                key={candidate.resource}
                className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm has-checked:border-primary-600 has-checked:bg-primary-50 has-focus-visible:outline-2 has-focus-visible:outline-primary-500 dark:border-slate-600 dark:bg-slate-800 dark:has-checked:border-primary-300 dark:has-checked:bg-slate-700"
              >
                <input
                  type="radio"
                  name="upload-kind"
                  className="accent-primary-700"
                  checked={candidate === kind}
                  onChange={() => chooseKind(candidate)}
                />
                {candidate.title(LL)}
              </label>
            ))}
          </fieldset>
        ) : (
          <p className="font-medium text-slate-800 dark:text-slate-100">{kind.title(LL)}</p>
        )}
        <div>
          <button type="button" className={secondaryButton} onClick={() => void download('template')}>
            <Icon name="download" className="size-4" />
            {words.template()}
          </button>
        </div>
      </div>
      <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">{words.templateHint()}</p>

      {state.step === 'done' ? (
        <ImportResult
          kind={kind}
          result={state.result}
          onAnother={() => setState({ step: 'choose' })}
          locale={locale}
        />
      ) : state.step === 'checked' ? (
        <CheckedWorkbook
          kind={kind}
          state={state}
          onChange={(change) =>
            setState((current) => (current.step === 'checked' ? { ...current, ...change } : current))
          }
          onCommit={() => void commit()}
          onDownloadErrors={() => void download('errors')}
          onFiles={(files) => void check(files)}
        />
      ) : (
        <DropZone busy={busy} onFiles={(files) => void check(files)}>
          {state.step === 'sending' ? (
            <SendingProgress
              percent={state.percent}
              text={words.uploading({ name: state.name, percent: state.percent })}
            />
          ) : state.step === 'checking' ? (
            <SendingProgress text={words.checking({ name: state.name })} />
          ) : state.failure ? (
            <p role="alert" className="mt-4 flex items-start gap-2 text-error text-sm dark:text-red-300">
              <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
              <span>{state.failure}</span>
            </p>
          ) : null}
        </DropZone>
      )}
    </div>
  );
};

export default UploadScreen;

/** Where a workbook is dropped, with the keyboard's way in: a button that opens the file picker. */
const DropZone = ({
  busy,
  onFiles,
  children,
}: {
  busy: boolean;
  onFiles: (files: File[]) => void;
  children?: React.ReactNode;
}) => {
  const { LL } = useI18nContext();
  const words = LL.upload;
  const hintId = useId();
  const [over, setOver] = useState(false);
  return (
    <section
      aria-label={words.dropTitle()}
      aria-busy={busy}
      className={`mt-6 flex flex-col items-center rounded-xl border-2 border-dashed px-6 py-10 text-center ${
        over
          ? 'border-primary-600 bg-primary-50 dark:border-primary-300 dark:bg-slate-800'
          : 'border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-900'
      }`}
      onDragOver={(event) => {
        if (busy) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (!busy) onFiles(Array.from(event.dataTransfer.files));
      }}
    >
      <Icon name="upload" className="mb-3 size-8 text-slate-400" />
      <p className="font-semibold text-slate-800 dark:text-slate-100">{words.dropTitle()}</p>
      <p className="my-2 text-slate-600 text-sm dark:text-slate-300">{words.dropOr()}</p>
      <FilePickerButton
        accept={workbookTypes}
        onFiles={onFiles}
        className={primaryButton}
        disabled={busy}
        aria-describedby={hintId}
      >
        <Icon name="upload" className="size-4" />
        {words.choose()}
      </FilePickerButton>
      <p id={hintId} className="mt-2 text-slate-600 text-sm dark:text-slate-300">
        {words.dropHint()}
      </p>
      {children}
    </section>
  );
};

/** The file on its way (a bar with its percent), then the server checking it (a bar with no end). */
const SendingProgress = ({ percent, text }: { percent?: number; text: string }) => {
  const { LL } = useI18nContext();
  return (
    <div className="mt-6 w-full max-w-md" role="status" aria-live="polite">
      <progress
        className="h-2 w-full overflow-hidden rounded-full accent-primary-700 [&::-moz-progress-bar]:bg-primary-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-primary-700 dark:[&::-webkit-progress-bar]:bg-slate-700"
        aria-label={LL.upload.progressLabel()}
        max={100}
        value={percent}
      />
      <p className="mt-2 text-slate-700 text-sm dark:text-slate-200">{text}</p>
    </div>
  );
};

/** The dry run: the summary, what to do next, the rows with errors. */
const CheckedWorkbook = ({
  kind,
  state,
  onChange,
  onCommit,
  onDownloadErrors,
  onFiles,
}: {
  kind: TImportKind;
  state: Extract<TStep, { step: 'checked' }>;
  onChange: (
    change: Partial<Pick<Extract<TStep, { step: 'checked' }>, 'chosen' | 'reason' | 'reasonMissing'>>,
  ) => void;
  onCommit: () => void;
  onDownloadErrors: () => void;
  onFiles: (files: File[]) => void;
}) => {
  const { LL } = useI18nContext();
  const words = LL.upload;
  const { dryRun: checked, committing, chosen } = state;
  const ready = mayCommit(checked, chosen.size);
  const valid = allRowsValid(checked);
  const writes = writeCount(checked.counts, chosen.size);
  const explanationId = useId();
  const reasonId = useId();
  const invalid = invalidRowCount(checked);
  const choose = (row: number, create: boolean) => {
    const next = new Set(chosen);
    if (create) next.add(row);
    else next.delete(row);
    onChange({ chosen: next, reasonMissing: false });
  };
  /** What pressing Import does, as the plan says (issue 35): never 'save them' when nothing would be saved. */
  const explanation =
    checked.rows === 0
      ? words.noRows()
      : !valid
        ? words.mustBeValid()
        : writes === 0
          ? words.nothingToDo()
          : words.planReady({ count: writes });
  return (
    <section className="mt-6" aria-labelledby={`${explanationId}-title`}>
      <div className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
        <h2 id={`${explanationId}-title`} className="font-semibold text-lg text-slate-900 dark:text-slate-50">
          {words.summaryOf({ name: state.name })}
        </h2>
        <p
          role="status"
          className="mt-1 font-medium text-slate-800 dark:text-slate-100"
          data-testid="upload-summary"
        >
          {words.summary({ rows: checked.rows, valid: checked.valid, invalid })}
        </p>
        {checked.plan.length > 0 ? (
          <p className="mt-1 text-slate-700 text-sm dark:text-slate-200" data-testid="upload-plan-counts">
            {words.planCounts(checked.counts)}
          </p>
        ) : null}
        <p
          id={explanationId}
          className={`mt-2 text-sm ${ready ? 'text-green-800 dark:text-green-300' : 'text-slate-700 dark:text-slate-200'}`}
        >
          {explanation}
          {valid && checked.counts.duplicate > 0 ? ` ${words.duplicatesSkipped()}` : null}
        </p>
        {chosen.size > 0 ? (
          <div className="mt-3 max-w-2xl">
            <label
              htmlFor={reasonId}
              className="block font-medium text-slate-800 text-sm dark:text-slate-100"
            >
              {words.reasonLabel()}
              <span className="ml-1 text-error dark:text-red-300">*</span>
            </label>
            <p id={`${reasonId}-hint`} className="text-slate-600 text-xs dark:text-slate-300">
              {words.reasonHint({ count: chosen.size })}
            </p>
            <textarea
              id={reasonId}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
              rows={2}
              maxLength={createAnywayReasonMax}
              required
              aria-invalid={state.reasonMissing || undefined}
              aria-describedby={`${reasonId}-hint${state.reasonMissing ? ` ${reasonId}-error` : ''}`}
              value={state.reason}
              onChange={(event) => onChange({ reason: event.target.value, reasonMissing: false })}
            />
            {state.reasonMissing ? (
              <p id={`${reasonId}-error`} role="alert" className="mt-1 text-error text-sm dark:text-red-300">
                {words.reasonRequired()}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={primaryButton}
            disabled={!ready || committing}
            aria-describedby={explanationId}
            aria-busy={committing}
            onClick={onCommit}
          >
            <Icon name="check" className="size-4" />
            {committing ? words.committing() : words.commit({ count: writes })}
          </button>
          {checked.errors.length > 0 ? (
            <button type="button" className={secondaryButton} onClick={onDownloadErrors}>
              <Icon name="download" className="size-4" />
              {words.downloadErrors()}
            </button>
          ) : null}
          <FilePickerButton
            accept={workbookTypes}
            onFiles={onFiles}
            className={secondaryButton}
            disabled={committing}
          >
            <Icon name="upload" className="size-4" />
            {words.otherFile()}
          </FilePickerButton>
        </div>
        {state.failure ? (
          <p role="alert" className="mt-3 flex items-start gap-2 text-error text-sm dark:text-red-300">
            <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
            <span>{state.failure}</span>
          </p>
        ) : null}
      </div>
      {checked.errors.length > 0 ? (
        <Suspense fallback={<p className="mt-4 text-slate-600 text-sm">{LL.record.loading()}</p>}>
          <DryRunGrid kind={kind} errors={checked.errors} />
        </Suspense>
      ) : null}
      {/* The plan row by row once every row is valid: until then the errors are the work to do. */}
      {valid && checked.plan.length > 0 ? (
        <ImportPlan key={checked.token} kind={kind} dryRun={checked} chosen={chosen} onChoose={choose} />
      ) : null}
    </section>
  );
};

/** What the import did: counts, then each created or updated record's code, a link to it in its list. */
const ImportResult = ({
  kind,
  result,
  onAnother,
  locale,
}: {
  kind: TImportKind;
  result: TCommitResult;
  onAnother: () => void;
  locale: ReturnType<typeof useRouteLocale>;
}) => {
  const { LL } = useI18nContext();
  const words = LL.upload;
  const nothingNew = result.created.length === 0 && result.updated.length === 0;
  const codes = (title: string, list: readonly string[]) =>
    list.length > 0 ? (
      <div className="mt-4">
        <h3 className="font-medium text-slate-800 text-sm dark:text-slate-100">{title}</h3>
        <ul className="mt-2 flex flex-wrap gap-2">
          {list.map((code) => (
            <li key={code}>
              <AppLink
                to={localizedPath(locale, recordListPath(kind, code))}
                className="rounded border border-slate-300 px-2 py-0.5 text-primary-700 text-sm underline-offset-2 hover:underline dark:border-slate-600 dark:text-primary-300"
              >
                {code}
              </AppLink>
            </li>
          ))}
        </ul>
      </div>
    ) : null;
  return (
    <section
      className="mt-6 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
      aria-labelledby="upload-done-title"
    >
      <h2
        id="upload-done-title"
        className="flex items-center gap-2 font-semibold text-lg text-slate-900 dark:text-slate-50"
      >
        <Icon name="check" className="size-5 text-green-700 dark:text-green-300" />
        {words.doneTitle()}
      </h2>
      <p role="status" className="mt-1 text-slate-800 dark:text-slate-100" data-testid="upload-result">
        {[
          words.created({ count: result.created.length }),
          words.updated({ count: result.updated.length }),
          words.unchanged({ count: result.unchanged }),
          ...(result.skipped.length > 0 ? [words.skipped({ count: result.skipped.length })] : []),
        ].join(' · ')}
      </p>
      {nothingNew ? (
        <p className="mt-2 text-slate-700 text-sm dark:text-slate-200">{words.nothingNew()}</p>
      ) : null}
      {codes(words.createdList(), result.created)}
      {codes(words.updatedList(), result.updated)}
      <button type="button" className={`${secondaryButton} mt-5`} onClick={onAnother}>
        <Icon name="upload" className="size-4" />
        {words.another()}
      </button>
    </section>
  );
};

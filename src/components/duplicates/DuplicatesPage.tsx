import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { CompactTable, compactRowClass } from '@/components/CompactTable';
import { LoadState } from '@/components/feedback/LoadState';
import { showToast } from '@/components/feedback/toasts';
import { failureText } from '@/components/form/failureText';
import { Icon } from '@/components/Icon';
import { areaBreadcrumbs } from '@/components/resource/areaBreadcrumbs';
import type { TClientResource } from '@/components/resource/resourceArea';
import { useResourceText } from '@/components/resource/useResourceText';
import { dangerOutlineButton, secondaryButton, smallButton } from '@/components/ui';
import type { TDuplicatePair } from '@/domain/duplicates';
import { useRemoteData } from '@/platform/api/useRemoteData';
import { localizedPath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { RecordLink } from './DuplicateMatchList';
import { dismissDuplicatePair, duplicateReasonText, fetchDuplicatePairs, scorePercent } from './duplicateApi';
import { ReasonDialog } from './ReasonDialog';

/** The merge dialog (both records side by side): loaded when a merge is started. */
const MergeDialog = lazy(() => import('./MergeDialog'));

/** Pairs a page. */
export const duplicatePairsPerPage = 20;

const pairKey = (pair: TDuplicatePair) => `${pair.a.id}-${pair.b.id}`;

/**
 * An area's possible duplicates (`{routeBase}/duplicates`, issue 35), for holders of
 * `{permission}:merge`: the server's pages of pairs, each with its two records (opened in a new tab
 * to compare), how alike and why, 'Not a duplicate' (with a reason) and 'Merge' (the dialog). The
 * page number is in the address (`?page=`).
 */
export const DuplicatesPage = ({ resource }: { resource: TClientResource }) => {
  const { definition, area } = resource;
  const text = useResourceText(definition.name);
  const { LL } = text;
  const words = LL.duplicateCheck.review;
  const locale = useRouteLocale();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [reloadKey, setReloadKey] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loadPairs = useCallback(
    (signal: AbortSignal) => fetchDuplicatePairs(definition, page, duplicatePairsPerPage, signal),
    [definition, page],
  );
  const load = useRemoteData(loadPairs, reloadKey);
  const [dismissing, setDismissing] = useState<{
    pair: TDuplicatePair;
    busy: boolean;
    failure: string | null;
  }>();
  const [merging, setMerging] = useState<TDuplicatePair>();

  const title = LL.list.possibleDuplicates({ things: text.many });
  const goToPage = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  /** After a pair was settled: read the page again, the focus back on the heading (its row is gone). */
  const settled = (message: string) => {
    showToast(message);
    setReloadKey((key) => key + 1);
    headingRef.current?.focus();
  };

  const dismiss = async (reason: string) => {
    if (!dismissing) return;
    const { pair } = dismissing;
    setDismissing({ pair, busy: true, failure: null });
    try {
      await dismissDuplicatePair(definition, { aId: pair.a.id, bId: pair.b.id, reason });
      setDismissing(undefined);
      settled(words.dismissed());
    } catch (error) {
      setDismissing({ pair, busy: false, failure: failureText(error, LL) });
    }
  };

  const pageMeta = load.state === 'ready' ? load.data.paginateMeta : null;
  const pages = pageMeta ? Math.max(1, pageMeta.pageCount) : 1;

  return (
    <div className="mx-auto max-w-6xl px-4 py-4 sm:px-6">
      <Breadcrumbs
        label={LL.layout.breadcrumb()}
        items={[
          ...areaBreadcrumbs(LL, locale, area),
          { text: text.many, to: localizedPath(locale, definition.routeBase) },
          { text: LL.list.possibleDuplicatesLink() },
        ]}
      />
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mb-1 font-semibold text-2xl text-slate-900 outline-none dark:text-slate-50"
      >
        {title}
      </h1>
      <p className="mb-4 text-slate-600 text-sm dark:text-slate-300">{words.intro()}</p>
      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <LoadState
          state={load.state}
          loadingText={words.loading()}
          failedText={
            load.state === 'failed' ? `${words.failed()} ${failureText(load.error, LL)}` : words.failed()
          }
          onRetry={() => setReloadKey((key) => key + 1)}
          spinner
        >
          {() =>
            load.state === 'ready' && load.data.data.length === 0 ? (
              <div className="flex flex-col items-center gap-2 py-10 text-center" data-duplicates-empty="">
                <Icon name="check" className="size-8 text-emerald-600 dark:text-emerald-400" />
                <p className="font-semibold text-slate-800 dark:text-slate-100">{words.empty()}</p>
                <p className="text-slate-600 text-sm dark:text-slate-300">{words.emptyHint()}</p>
              </div>
            ) : load.state === 'ready' ? (
              <>
                <CompactTable
                  tableClassName="w-full min-w-[52rem] text-left text-sm"
                  caption={title}
                  columns={[
                    { key: 'a', heading: words.first(), className: 'px-2 py-2' },
                    { key: 'b', heading: words.second(), className: 'px-2 py-2' },
                    { key: 'score', heading: words.score(), className: 'px-2 py-2 text-right' },
                    { key: 'reasons', heading: LL.duplicateCheck.why(), className: 'px-2 py-2' },
                    { key: 'actions', heading: LL.list.actions(), className: 'px-2 py-2 text-right' },
                  ]}
                >
                  {load.data.data.map((pair) => (
                    <tr key={pairKey(pair)} className={compactRowClass} data-duplicate-pair={pairKey(pair)}>
                      {[pair.a, pair.b].map((record) => (
                        <td key={record.id} className="px-2 py-2 align-top">
                          <RecordLink definition={definition} id={record.id} code={record.code} />
                          <div className="text-slate-700 dark:text-slate-200">
                            {record.nameKh ? <span lang="km">{record.nameKh}</span> : null}
                            {record.nameKh && record.nameEn ? ' · ' : null}
                            {record.nameEn ? <span lang="en">{record.nameEn}</span> : null}
                          </div>
                        </td>
                      ))}
                      <td className="px-2 py-2 text-right align-top font-semibold tabular-nums">
                        {scorePercent(pair.score)}%
                      </td>
                      <td className="px-2 py-2 align-top text-slate-700 text-xs dark:text-slate-200">
                        {pair.reasons.map((reason) => duplicateReasonText(LL, reason)).join(' · ')}
                      </td>
                      <td className="px-2 py-2 align-top">
                        <div className="flex flex-wrap justify-end gap-2">
                          <button
                            type="button"
                            className={`${dangerOutlineButton} ${smallButton}`}
                            onClick={() => setDismissing({ pair, busy: false, failure: null })}
                          >
                            {words.dismiss()}
                            <span className="sr-only">
                              {' '}
                              {pair.a.code} {pair.b.code}
                            </span>
                          </button>
                          <button
                            type="button"
                            className={`${secondaryButton} ${smallButton}`}
                            onClick={() => setMerging(pair)}
                          >
                            <Icon name="matching" className="size-4" />
                            {words.merge()}
                            <span className="sr-only">
                              {' '}
                              {pair.a.code} {pair.b.code}
                            </span>
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </CompactTable>
                {pages > 1 ? (
                  <nav
                    aria-label={LL.list.pageOf({ page, pages })}
                    className="mt-3 flex items-center justify-end gap-2 text-sm"
                  >
                    <button
                      type="button"
                      className={`${secondaryButton} ${smallButton}`}
                      disabled={page <= 1}
                      onClick={() => goToPage(page - 1)}
                    >
                      <Icon name="chevronLeft" className="size-4" />
                      {LL.list.previous()}
                    </button>
                    <span className="text-slate-600 dark:text-slate-300">
                      {LL.list.pageOf({ page, pages })}
                    </span>
                    <button
                      type="button"
                      className={`${secondaryButton} ${smallButton}`}
                      disabled={page >= pages}
                      onClick={() => goToPage(page + 1)}
                    >
                      {LL.list.next()}
                      <Icon name="chevronRight" className="size-4" />
                    </button>
                  </nav>
                ) : null}
              </>
            ) : null
          }
        </LoadState>
      </section>
      {dismissing ? (
        <ReasonDialog
          open
          size="lg"
          title={words.dismissTitle()}
          intro={words.dismissIntro({ a: dismissing.pair.a.code, b: dismissing.pair.b.code })}
          reasonLabel={words.dismissReason()}
          reasonRequired={LL.duplicateCheck.reasonRequired()}
          confirmLabel={words.dismiss()}
          confirmIcon="check"
          busy={dismissing.busy}
          failure={dismissing.failure}
          onConfirm={(reason) => void dismiss(reason)}
          onClose={() => setDismissing(undefined)}
        />
      ) : null}
      {merging ? (
        <Suspense fallback={null}>
          <MergeDialog
            definition={definition}
            pair={merging}
            onMerged={(message) => {
              setMerging(undefined);
              settled(message);
            }}
            onClose={() => setMerging(undefined)}
          />
        </Suspense>
      ) : null}
    </div>
  );
};

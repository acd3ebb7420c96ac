import { type ReactNode, useCallback } from 'react';
import { Badge } from '@/components/Badge';
import { LoadState } from '@/components/feedback/LoadState';
import { Icon } from '@/components/Icon';
import type { TChildParent, TParentVitalStatus } from '@/domain/childFamily';
import { formatDate, formatInstantDate } from '@/domain/dateFormat';
import type { TBadgeTone } from '@/domain/resource';
import { fetchChildFamily } from '@/features/child/api/childFamilyApi';
import { useI18nContext } from '@/i18n/i18n-react';
import { useRemoteData } from '@/platform/api/useRemoteData';

const vitalTones: Record<TParentVitalStatus, TBadgeTone> = {
  alive: 'green',
  deceased: 'slate',
  unknown: 'amber',
};

const cell = 'px-3 py-2 align-top';
const muted = 'text-slate-500 dark:text-slate-400';

/**
 * The child's family on the child's page, read only: father and mother with their status, the
 * siblings as a table and the contact notes. It has no buttons (but Retry after a failed load), so
 * it prints as it reads.
 */
export const ChildFamilySummary = ({ childId }: { childId: number | string }) => {
  const { LL } = useI18nContext();
  const words = LL.areas.child.family;
  const loadFamily = useCallback((signal: AbortSignal) => fetchChildFamily(childId, signal), [childId]);
  const load = useRemoteData(loadFamily);

  if (load.state !== 'ready') {
    return (
      <LoadState
        state={load.state}
        spacing="py-2"
        loadingText={words.loading()}
        failedText={words.loadFailed()}
        onRetry={load.reload}
      />
    );
  }
  const family = load.data;
  if (!family) {
    return (
      <div className="rounded-md border border-slate-300 border-dashed px-4 py-6 text-center dark:border-slate-700">
        <Icon name="parents" className="mx-auto size-8 text-slate-400 dark:text-slate-500" />
        <p className="mt-2 font-medium text-slate-800 text-sm dark:text-slate-100">{words.empty()}</p>
        <p className={`mt-1 text-sm ${muted}`}>{words.emptyHint()}</p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5 text-sm">
      <div className="grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <ParentSummary title={words.father()} parent={family.father} />
        <ParentSummary title={words.mother()} parent={family.mother} />
      </div>

      <section className="break-inside-avoid">
        <h3 className="mb-2 font-semibold text-slate-800 dark:text-slate-100">
          {words.siblings()}
          <span className={`ml-2 font-normal ${muted}`}>({family.siblings.length})</span>
        </h3>
        {family.siblings.length === 0 ? (
          <p className={muted}>{words.noSiblings()}</p>
        ) : (
          <div className="overflow-x-auto print:overflow-visible">
            <table className="w-full min-w-[32rem] text-left print:min-w-0">
              <thead className="border-slate-200 border-b text-slate-600 text-xs uppercase tracking-wide dark:border-slate-700 dark:text-slate-400">
                <tr>
                  <th scope="col" className={cell}>
                    {words.name()}
                  </th>
                  <th scope="col" className={cell}>
                    {words.sex()}
                  </th>
                  <th scope="col" className={cell}>
                    {words.dateOfBirth()}
                  </th>
                  <th scope="col" className={cell}>
                    {words.livingWith()}
                  </th>
                  <th scope="col" className={cell}>
                    {words.notes()}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 text-slate-800 dark:divide-slate-800 dark:text-slate-100">
                {family.siblings.map((sibling, index) => (
                  // Siblings have no id of their own; their order is the record's.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is read only
                  <tr key={index} className="break-inside-avoid">
                    <td className={`${cell} font-medium`}>{sibling.name}</td>
                    <td className={cell}>{LL.options.sex[sibling.sex]()}</td>
                    <td className={`${cell} whitespace-nowrap tabular-nums`}>
                      {sibling.dateOfBirth ? formatDate(sibling.dateOfBirth) : <Missing />}
                    </td>
                    <td className={cell}>{sibling.livingWith || <Missing />}</td>
                    <td className={`${cell} whitespace-pre-line`}>{sibling.notes || <Missing />}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="break-inside-avoid">
        <h3 className="mb-1 font-semibold text-slate-800 dark:text-slate-100">{words.contactNotes()}</h3>
        {family.contactNotes ? (
          <p className="whitespace-pre-line text-slate-800 dark:text-slate-100">{family.contactNotes}</p>
        ) : (
          <p className={muted}>{words.noContactNotes()}</p>
        )}
      </section>

      <p className={`text-xs ${muted}`}>{words.updated({ date: formatInstantDate(family.updatedAt) })}</p>
    </div>
  );
};

/** An empty value in the summary: a dash that screen readers hear as 'not recorded'. */
const Missing = () => {
  const { LL } = useI18nContext();
  return (
    <span className="text-slate-500 dark:text-slate-400">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{LL.areas.child.family.notRecorded()}</span>
    </span>
  );
};

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="grid grid-cols-[8rem_1fr] gap-2 py-1">
    <dt className={muted}>{label}</dt>
    <dd className="min-w-0 whitespace-pre-line break-words text-slate-800 dark:text-slate-100">{children}</dd>
  </div>
);

/** One parent: name and status first, then what is known; 'Not recorded' when nothing is. */
const ParentSummary = ({ title, parent }: { title: string; parent: TChildParent | null }) => {
  const { LL } = useI18nContext();
  const words = LL.areas.child.family;
  return (
    <section className="break-inside-avoid rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h3 className="mb-2 font-semibold text-slate-800 dark:text-slate-100">{title}</h3>
      {parent ? (
        <>
          <p className="mb-2 flex flex-wrap items-center gap-2">
            <span className="font-medium text-base text-slate-900 dark:text-slate-50">
              {`${parent.familyName} ${parent.givenName}`}
            </span>
            <Badge tone={vitalTones[parent.vitalStatus]}>{words.vitalStatuses[parent.vitalStatus]()}</Badge>
          </p>
          <dl>
            {parent.nameScript ? (
              <Row label={words.nameScript()}>{words.nameScripts[parent.nameScript]()}</Row>
            ) : null}
            <Row label={words.dateOfBirth()}>
              {parent.dateOfBirth ? formatDate(parent.dateOfBirth) : <Missing />}
            </Row>
            <Row label={words.occupation()}>{parent.occupation || <Missing />}</Row>
            <Row label={words.phone()}>{parent.phone || <Missing />}</Row>
            <Row label={words.address()}>{parent.address || <Missing />}</Row>
          </dl>
        </>
      ) : (
        <p className={muted}>{words.notRecorded()}</p>
      )}
    </section>
  );
};

import { useCallback, useEffect, useState } from 'react';
import { Badge } from '@/components/Badge';
import { CompactTable, compactRowClass } from '@/components/CompactTable';
import { LoadState } from '@/components/feedback/LoadState';
import { formatInstant } from '@/domain/dateFormat';
import type { TJobRun } from '@/domain/jobs';
import type { TBadgeTone } from '@/domain/resource';
import { useI18nContext } from '@/i18n/i18n-react';
import { fetchJobRuns } from './backupsApi';

type TLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; runs: TJobRun[] };

const resultTone: Record<TJobRun['result'], TBadgeTone> = { ok: 'green', running: 'blue', failed: 'rose' };

/**
 * The last runs of the background jobs (issue 36), in the backups card: which server ran the
 * scheduled backup and the reports' refresh, when, how long, and how it ended. `reloadKey` changes
 * when the card reloads (a backup made now may have been the schedule's).
 */
export const JobRunsTable = ({ reloadKey }: { reloadKey: number }) => {
  const { LL } = useI18nContext();
  const words = LL.backups.jobs;
  const [load, setLoad] = useState<TLoad>({ state: 'loading' });

  const reload = useCallback(async () => {
    try {
      setLoad({ state: 'ready', runs: await fetchJobRuns() });
    } catch {
      setLoad({ state: 'failed' });
    }
  }, []);
  useEffect(() => {
    void reloadKey;
    void reload();
  }, [reload, reloadKey]);

  return (
    <div className="space-y-2 border-slate-200 border-t pt-4 dark:border-slate-800" data-testid="job-runs">
      <h3 id="job-runs-title" className="font-semibold text-slate-900 text-sm dark:text-slate-50">
        {words.title()}
      </h3>
      <p className="text-slate-600 text-sm dark:text-slate-300">{words.hint()}</p>
      {load.state === 'loading' ? (
        <p className="text-slate-600 text-sm dark:text-slate-300" aria-live="polite">
          {LL.layout.loading()}
        </p>
      ) : load.state === 'failed' ? (
        <LoadState state="failed" failedText={words.loadFailed()} onRetry={() => void reload()} />
      ) : load.runs.length === 0 ? (
        <p className="text-slate-600 text-sm dark:text-slate-300">{words.empty()}</p>
      ) : (
        <CompactTable
          tableClassName="w-full text-left text-sm"
          caption={words.listLabel()}
          columns={[
            { key: 'job', heading: words.job(), className: 'py-2 pr-3 font-semibold' },
            { key: 'result', heading: words.result(), className: 'py-2 pr-3 font-semibold' },
            { key: 'startedAt', heading: words.startedAt(), className: 'py-2 pr-3 font-semibold' },
            { key: 'took', heading: words.took(), className: 'py-2 pr-3 font-semibold' },
            { key: 'where', heading: words.where(), className: 'py-2 font-semibold' },
          ]}
        >
          {load.runs.map((run) => (
            <tr key={run.id} className={compactRowClass}>
              <td className="py-2 pr-3">{words.names[run.job]()}</td>
              <td className="py-2 pr-3">
                <Badge tone={resultTone[run.result]}>{words.results[run.result]()}</Badge>
                {run.result === 'failed' && run.error ? (
                  <p className="mt-1 max-w-xs text-red-800 text-xs dark:text-red-200">{run.error}</p>
                ) : null}
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">{formatInstant(run.startedAt)}</td>
              <td className="py-2 pr-3 whitespace-nowrap">
                {run.durationMs === undefined
                  ? ''
                  : words.seconds({ seconds: (run.durationMs / 1000).toFixed(1) })}
              </td>
              <td className="py-2 font-mono text-xs">{run.process}</td>
            </tr>
          ))}
        </CompactTable>
      )}
    </div>
  );
};

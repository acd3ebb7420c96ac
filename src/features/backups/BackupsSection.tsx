import { useCallback, useEffect, useState } from 'react';
import { Badge } from '@/components/Badge';
import { CompactTable, compactRowClass } from '@/components/CompactTable';
import { LoadState } from '@/components/feedback/LoadState';
import { FormNotice } from '@/components/form/FormNotice';
import { failureMessage } from '@/components/form/saveFailure';
import { Icon } from '@/components/Icon';
import { primaryButton, secondaryButton, smallButton } from '@/components/ui';
import type { TBackupSummary } from '@/domain/backups';
import { formatInstant } from '@/domain/dateFormat';
import type { TBadgeTone } from '@/domain/resource';
import { useI18nContext } from '@/i18n/i18n-react';
import { downloadBackup, fetchBackups, makeBackupNow } from './backupsApi';
import { backupWarningText, byText, lastDoneText, sizeText, startedText } from './backupWords';
import { JobRunsTable } from './JobRunsTable';

type TLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; backups: TBackupSummary[] };

const stateTone: Record<TBackupSummary['state'], TBadgeTone> = {
  done: 'green',
  running: 'blue',
  failed: 'rose',
};

/**
 * The backups card of the settings screen (issue 27; super users only): the last successful backup,
 * a warning when it is over two days old or the last one failed, 'Make a backup now', and every
 * archive with its state and a download; below, the last runs of the background jobs (issue 36).
 */
export const BackupsSection = () => {
  const { LL } = useI18nContext();
  const words = LL.backups;
  const [load, setLoad] = useState<TLoad>({ state: 'loading' });
  const [making, setMaking] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  /** Bumped after a backup made now: the jobs' runs are read again with the list. */
  const [reloads, setReloads] = useState(0);

  const reload = useCallback(async () => {
    try {
      setLoad({ state: 'ready', backups: await fetchBackups() });
    } catch {
      setLoad({ state: 'failed' });
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const make = async () => {
    setMaking(true);
    setFailure(null);
    setMade(null);
    try {
      const backup = await makeBackupNow();
      setMade(words.made({ name: backup.name }));
    } catch (error) {
      setFailure(`${words.makeFailed()} ${failureMessage(error, LL)}`);
    } finally {
      setMaking(false);
      setReloads((count) => count + 1);
      await reload();
    }
  };

  const download = async (name: string) => {
    setDownloading(name);
    setFailure(null);
    try {
      await downloadBackup(name);
    } catch (error) {
      setFailure(`${words.downloadFailed()} ${failureMessage(error, LL)}`);
    } finally {
      setDownloading(null);
    }
  };

  const warning = load.state === 'ready' ? backupWarningText(LL, load.backups) : undefined;

  return (
    <section
      id="backups"
      aria-labelledby="backups-title"
      className="scroll-mt-20 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="backups-title" className="font-semibold text-lg text-slate-900 dark:text-slate-50">
        {words.title()}
      </h2>
      <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{words.hint()}</p>
      <div className="mt-4 space-y-4">
        <FormNotice notice={failure ? { message: failure } : null} />
        {load.state === 'loading' ? (
          <p className="text-slate-600 text-sm dark:text-slate-300" aria-live="polite">
            {LL.layout.loading()}
          </p>
        ) : load.state === 'failed' ? (
          <LoadState state="failed" failedText={words.loadFailed()} onRetry={() => void reload()} />
        ) : (
          <>
            <p className="text-slate-800 text-sm dark:text-slate-100" data-testid="backup-last-done">
              {lastDoneText(LL, load.backups)}
            </p>
            {warning ? (
              <p
                role="status"
                className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 text-sm dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
              >
                <Icon name="alert" className="size-4 shrink-0" />
                {warning}
              </p>
            ) : null}
          </>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={primaryButton}
            disabled={making}
            aria-busy={making}
            onClick={() => void make()}
          >
            <Icon
              name={making ? 'refresh' : 'download'}
              className={`size-4 ${making ? 'animate-spin' : ''}`}
            />
            {making ? words.making() : words.makeNow()}
          </button>
          {made ? (
            <span role="status" className="text-green-800 text-sm dark:text-green-200">
              {made}
            </span>
          ) : null}
        </div>
        {load.state === 'ready' ? (
          load.backups.length === 0 ? (
            <p className="text-slate-600 text-sm dark:text-slate-300">{words.empty()}</p>
          ) : (
            <CompactTable
              tableClassName="w-full text-left text-sm"
              caption={words.listLabel()}
              columns={[
                { key: 'name', heading: words.name(), className: 'py-2 pr-3 font-semibold' },
                { key: 'state', heading: words.state(), className: 'py-2 pr-3 font-semibold' },
                { key: 'startedAt', heading: words.startedAt(), className: 'py-2 pr-3 font-semibold' },
                { key: 'size', heading: words.size(), className: 'py-2 pr-3 font-semibold' },
                { key: 'by', heading: words.by(), className: 'py-2 pr-3 font-semibold' },
                {
                  key: 'download',
                  heading: <span className="sr-only">{words.download()}</span>,
                  className: 'py-2',
                },
              ]}
            >
              {load.backups.map((backup) => (
                <tr key={backup.name} className={compactRowClass}>
                  <td id={`backup-file-${backup.name}`} className="py-2 pr-3 font-mono text-xs">
                    {backup.name}
                  </td>
                  <td className="py-2 pr-3">
                    <Badge tone={stateTone[backup.state]}>{words.states[backup.state]()}</Badge>
                    {/* Why it failed, read by everyone (not only under the pointer). */}
                    {backup.state === 'failed' && backup.error ? (
                      <p className="mt-1 max-w-xs text-red-800 text-xs dark:text-red-200">{backup.error}</p>
                    ) : null}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatInstant(backup.startedAt)}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{sizeText(backup.size)}</td>
                  <td className="py-2 pr-3">{byText(LL, backup.by)}</td>
                  <td className="py-2 text-right">
                    {backup.state === 'done' ? (
                      <button
                        type="button"
                        className={`${secondaryButton} ${smallButton}`}
                        disabled={downloading !== null}
                        aria-busy={downloading === backup.name}
                        aria-describedby={`backup-file-${backup.name}`}
                        onClick={() => void download(backup.name)}
                      >
                        <Icon name="download" className="size-3.5" />
                        {downloading === backup.name
                          ? words.downloading()
                          : words.downloadOf({ when: startedText(backup.startedAt, load.backups) })}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </CompactTable>
          )
        ) : null}
        <JobRunsTable reloadKey={reloads} />
      </div>
    </section>
  );
};

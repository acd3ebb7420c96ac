import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { TSelectionPrintProps } from '@/components/resource/resourceArea';
import { useI18nContext } from '@/i18n/i18n-react';
import { RecordReportPaper } from './RecordReportPage';
import type { TRecordReportKindView } from './reportKinds';
import '@/components/record/recordPrint.css';
import './recordReport.css';

/** Papers read at once: each asks three routes (the record, its history, its matchings). */
const papersAtOnce = 4;

/**
 * A list's selection on paper (issue 26): the record report of each selected child or application,
 * one to a page, as `/reports/{child|parents}/show/{id}` prints it. The papers are read a few at a
 * time (a page of 500 rows must not ask 1,500 routes at once) while a line on screen says how far
 * it is; once all have answered, the print dialog opens, and closing it ends the sheet.
 */
export const SelectionReports = ({
  kind,
  ids,
  onDone,
}: TSelectionPrintProps & { kind: TRecordReportKindView }) => {
  const { LL } = useI18nContext();
  const [settled, setSettled] = useState<ReadonlySet<number>>(() => new Set());
  // Those answered, and a few more being read.
  const started = Math.min(ids.length, settled.size + papersAtOnce);
  const ready = settled.size >= ids.length;

  const finished = useRef(onDone);
  finished.current = onDone;
  useEffect(() => {
    if (!ready) return;
    const done = () => finished.current();
    window.addEventListener('afterprint', done);
    const timer = window.setTimeout(() => window.print(), 100);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [ready]);

  return createPortal(
    <div data-selection-reports={kind.kind}>
      <div
        role="status"
        className="fixed bottom-4 left-1/2 z-50 flex -translate-x-1/2 items-center gap-3 rounded-lg bg-slate-900 px-4 py-2 text-sm text-white shadow-lg print:hidden dark:bg-slate-100 dark:text-slate-900"
      >
        <span>
          {ready
            ? LL.bulk.reportsReady()
            : LL.bulk.reportsPreparing({ done: settled.size, count: ids.length })}
        </span>
        <button type="button" className="rounded px-2 py-0.5 underline" onClick={() => finished.current()}>
          {LL.bulk.reportsCancel()}
        </button>
      </div>
      <div data-print-root="record-report" data-record-report={kind.kind} className="hidden print:block">
        {ids.slice(0, started).map((id) => (
          <div key={id} data-selection-report={id}>
            <RecordReportPaper
              kind={kind}
              id={String(id)}
              onSettled={() => setSettled((current) => new Set(current).add(id))}
            />
          </div>
        ))}
      </div>
    </div>,
    document.body,
  );
};

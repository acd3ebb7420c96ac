import { useEffect, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import { BilingualLabel } from '@/components/record/BilingualLabel';
import { formatDate } from '@/domain/dateFormat';
import { isoDateIn } from '@/domain/programmeTime';
import type { TResourceDefinition } from '@/domain/resource';
import { translate } from '@/domain/translate';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TResourceRow } from '@/platform/api/resources';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { columnText } from './columnText';
import { useResourceText } from './useResourceText';
import '@/components/record/recordPrint.css';
import './bulkPrint.css';
import { wordOf } from '@/i18n/wordOf';

/**
 * The printed summaries of a list's selected rows (issue 26): one block per record, its name and
 * the list's columns (labels in both languages on paper, as every printed record), A4, nothing of the
 * screen around it. Put beside the page (a portal) while it prints, then gone.
 */
const BulkPrintSheet = ({
  definition,
  rows,
  onDone,
}: {
  definition: TResourceDefinition;
  rows: TResourceRow[];
  onDone: () => void;
}) => {
  const { LL } = useI18nContext();
  const { labelOf, optionLabel } = useResourceText(definition.name);
  const locale = useRouteLocale();
  const columns = useMemo(() => definition.columns.filter((column) => column.kind !== 'photo'), [definition]);
  const labels = useMemo(
    () =>
      columns.map((column) => {
        const key = column.label ?? column.key;
        return bothLanguages((book) => wordOf(book.fields, key)?.() || key);
      }),
    [columns],
  );
  const title = bothLanguages((book) => book.bulk.printTitle({ count: rows.length }));

  // Printed once, when the sheet is first drawn (not again as the page above re-renders).
  const finished = useRef(onDone);
  finished.current = onDone;
  useEffect(() => {
    const done = () => finished.current();
    window.addEventListener('afterprint', done);
    const timer = window.setTimeout(() => window.print(), 100);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, []);

  return createPortal(
    <div data-print-root="bulk-summaries" data-bulk-print className="hidden print:block">
      <h1 className="mb-1 font-semibold text-lg">
        <span lang="km">{title.kh}</span>
        {' / '}
        <span lang="en">{title.en}</span>
      </h1>
      <p className="mb-4 text-xs">{LL.bulk.printedOn({ date: formatDate(isoDateIn(new Date())) })}</p>
      {rows.map((row) => (
        <section
          key={row.id}
          className="record-section mb-4 border-black border-t pt-2"
          data-bulk-summary={row.id}
        >
          <h2 className="mb-1 font-semibold">
            {translate(definition.titleOf(row) as never, locale) || String(row.code ?? row.id)}
          </h2>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1">
            {columns.map((column, index) => (
              <div key={column.key}>
                <dt className="text-xs">
                  <BilingualLabel text={labelOf(column.label ?? column.key)} both={labels[index]} />
                </dt>
                <dd>{columnText(column, row, locale, optionLabel, labelOf, LL) || '—'}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>,
    document.body,
  );
};

export default BulkPrintSheet;

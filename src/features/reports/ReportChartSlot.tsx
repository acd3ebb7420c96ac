import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { TRouteLocale } from '@/domain/locale';
import { chartTurns } from './chartTurns';
import { loadedReportChart, loadReportChart } from './reportChartModule';
import { chartSize, type TChartTable } from './reportCharts';

// One chart drawn per task, each after the browser painted the one before (chartTurns.ts).
const turns = chartTurns({
  load: loadReportChart,
  afterPaint: (next) => requestAnimationFrame(() => setTimeout(next, 0)),
});

/** Drawn a little before it scrolls into view, so a reader scrolling down rarely meets an empty box. */
const ahead = '200px 0px';

/**
 * A report's chart, drawn when its box comes into view (issue 37): the page's cards and tables
 * paint first, the chart library is loaded with the first chart that is needed, and the charts are
 * drawn one at a time. Until then an empty box of the chart's own size holds its place, so drawing
 * moves nothing (no layout shift). Paper has no scrolling: printing draws every chart before the
 * page is laid out (at once when the library is here; the Print button loads it first). Once drawn
 * a chart stays drawn. Hidden from screen readers either way: the table beside it has the figures.
 */
export const ReportChartSlot = ({ table, locale }: { table: TChartTable; locale: TRouteLocale }) => {
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const Chart = drawn ? loadedReportChart() : undefined;

  useEffect(() => {
    const element = box.current;
    if (drawn || !element) return;
    // flushSync: drawn within this task (a turn, or before the browser lays the page out for print).
    const draw = () => flushSync(() => setDrawn(true));
    const drawForPrint = () => {
      if (loadedReportChart()) draw();
      else
        void loadReportChart().then(
          () => setDrawn(true),
          () => undefined,
        );
    };
    const print = window.matchMedia('print');
    const onPrintChange = () => {
      if (print.matches) drawForPrint();
    };
    window.addEventListener('beforeprint', drawForPrint);
    print.addEventListener('change', onPrintChange);
    let giveBack = () => {};
    let observer: IntersectionObserver | undefined;
    if (print.matches)
      void loadReportChart().then(
        () => setDrawn(true),
        () => undefined,
      );
    else if (typeof IntersectionObserver === 'undefined') giveBack = turns.take(draw);
    else {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer?.disconnect();
          giveBack = turns.take(draw);
        },
        { rootMargin: ahead },
      );
      observer.observe(element);
    }
    return () => {
      observer?.disconnect();
      giveBack();
      window.removeEventListener('beforeprint', drawForPrint);
      print.removeEventListener('change', onPrintChange);
    };
  }, [drawn]);

  const { width, height } = chartSize(table);
  return (
    <div ref={box} aria-hidden="true" className="report-chart w-full">
      {Chart ? (
        <Chart table={table} locale={locale} />
      ) : (
        <div style={{ width: '100%', maxWidth: width, aspectRatio: `${width} / ${height}` }} />
      )}
    </div>
  );
};

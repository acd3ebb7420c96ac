import { useId } from 'react';
import { AppLink } from '@/components/AppLink';
import { focusRing } from '@/components/ui';
import { countsNothing, type TDefinitionDays } from '@/domain/reports/indicatorLabel';
import type { TReportIndicator } from '@/domain/reports/reportAnswer';
import type { TReportCatalogueEntry } from '@/domain/reports/reportCatalogue';
import { useI18nContext } from '@/i18n/i18n-react';
import { localizedPath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { formatFigure, indicatorLabel, targetState } from './reportFormat';

/**
 * One figure: its name, its value (a link to the list of the records it counts where the answer
 * names one), its definition on hover or focus (and always to screen readers, as the value's
 * description; always on paper) naming its days, and its target met or missed where one is set.
 * A share or an average of nothing is '—' with 'nothing to count' (issue 35), not 0.
 */
export const IndicatorCard = ({
  indicator,
  entry,
  days,
}: {
  indicator: TReportIndicator;
  entry: TReportCatalogueEntry | undefined;
  days: TDefinitionDays;
}) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const id = useId();
  const name = indicatorLabel(LL, indicator.key);
  const nothing = countsNothing(indicator);
  const value = nothing ? '—' : formatFigure(indicator.value, indicator.unit, locale);
  const definition = entry ? LL.reports.definitions[entry.definition](days) : '';
  const verdict = nothing ? null : targetState(indicator);
  const target = indicator.target === undefined ? '' : formatFigure(indicator.target, indicator.unit, locale);
  const valueClass = 'mt-1 block font-semibold text-2xl text-slate-900 tabular-nums dark:text-slate-50';
  return (
    <li
      className="group relative rounded-lg border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-indicator={indicator.key}
    >
      <h4 className="text-slate-600 text-sm dark:text-slate-300">{name}</h4>
      {indicator.listPath ? (
        <AppLink
          to={localizedPath(locale, indicator.listPath)}
          className={`${valueClass} w-fit rounded text-primary-700 underline-offset-4 hover:underline dark:text-primary-300 ${focusRing}`}
          aria-label={
            nothing
              ? LL.reports.screen.nothingToCountLabel({ name })
              : LL.reports.screen.openList({ name, value })
          }
          aria-describedby={`${id}-definition`}
          data-figure={indicator.key}
        >
          {value}
        </AppLink>
      ) : (
        <span
          // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so its definition opens from the keyboard too
          tabIndex={0}
          className={`${valueClass} w-fit rounded ${focusRing}`}
          aria-describedby={`${id}-definition`}
          data-figure={indicator.key}
        >
          {value}
        </span>
      )}
      {nothing ? (
        <p className="mt-1 text-slate-500 text-xs dark:text-slate-400" data-nothing-to-count>
          {LL.reports.screen.nothingToCount()}
        </p>
      ) : null}
      {verdict ? (
        <p
          className={`mt-1 text-xs font-medium ${verdict === 'met' ? 'text-emerald-700 dark:text-emerald-300' : 'text-error dark:text-red-300'}`}
        >
          {verdict === 'met' ? LL.reports.target.met({ target }) : LL.reports.target.missed({ target })}
        </p>
      ) : null}
      <p
        id={`${id}-definition`}
        role="tooltip"
        className="absolute inset-x-2 top-full z-10 mt-1 hidden rounded-md bg-slate-900 px-2 py-1.5 text-white text-xs shadow-lg group-focus-within:block group-hover:block dark:bg-slate-100 dark:text-slate-900 print:static print:mt-1 print:block print:p-0 print:shadow-none"
      >
        {definition}
      </p>
    </li>
  );
};

/** A titled group of cards (children now, timeliness...). */
export const IndicatorGroup = ({
  title,
  indicators,
  catalogue,
  days,
}: {
  title: string;
  indicators: readonly TReportIndicator[];
  catalogue: readonly TReportCatalogueEntry[];
  days: TDefinitionDays;
}) => {
  const id = useId();
  if (indicators.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-6 break-inside-avoid">
      <h3 id={id} className="mb-2 font-semibold text-slate-700 dark:text-slate-200">
        {title}
      </h3>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 print:grid-cols-4">
        {indicators.map((indicator) => (
          <IndicatorCard
            key={indicator.key}
            indicator={indicator}
            entry={catalogue.find((entry) => entry.key === indicator.key)}
            days={days}
          />
        ))}
      </ul>
    </section>
  );
};

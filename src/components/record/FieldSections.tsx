import { type ReactNode, useMemo } from 'react';
import { BilingualLabel } from '@/components/record/BilingualLabel';
import { SummaryCard } from '@/components/record/SummaryCard';
import { useResourceText } from '@/components/resource/useResourceText';
import type { TResourceDefinition } from '@/domain/resource';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { wordOf } from '@/i18n/wordOf';
import type { TResourceRow } from '@/platform/api/resources';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { summaryRows, type TNamedInRecord, type TSummaryExtras, type TSummaryRow } from './fieldSummary';
import { useFieldNames } from './useFieldNames';

const noneNamed: TNamedInRecord = {};

/** A field's label in one dictionary (the key itself while the dictionary lacks it). */
const fieldLabelIn = (LL: TranslationFunctions, key: string) => wordOf(LL.fields, key)?.() || key;
const sectionLabelIn = (LL: TranslationFunctions, key: string) => wordOf(LL.formSections, key)?.() || key;

export type TFieldSectionsProps = {
  definition: Pick<TResourceDefinition, 'name' | 'fields'> & { formSections?: readonly string[] };
  record: TResourceRow;
  /** Prefix of the cards' ids (`child-section-identity`). */
  idPrefix: string;
  namedInRecord?: TNamedInRecord;
  extras?: TSummaryExtras;
  /** Sections drawn by the page itself (a family card, documents): in place of the rows. */
  custom?: Partial<Record<string, (card: (children: ReactNode) => ReactNode) => ReactNode>>;
  /** A row's value drawn otherwise (a status as its badge). */
  renderValue?: (row: TSummaryRow) => ReactNode | undefined;
  /** What an empty field says; 'Not recorded' (`record.notRecorded`) unless given. */
  notRecorded?: string;
  words: { estimated: string; ageYears: (age: number) => string };
};

/**
 * A record's fields as the form has them, one card per form section, labels in both languages on
 * paper (DESIGN.md section 1 'Record pages'): what a record page shows of the description.
 */
export const FieldSections = ({
  definition,
  record,
  idPrefix,
  namedInRecord = noneNamed,
  extras,
  custom = {},
  renderValue,
  notRecorded,
  words: pageWords,
}: TFieldSectionsProps) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const { labelOf, optionLabel } = useResourceText(definition.name);
  const { names } = useFieldNames(definition.fields, namedInRecord, record, locale);
  const words = useMemo(
    () => ({
      locale,
      names,
      namedInRecord,
      optionLabel,
      yes: LL.options.boolean.yes(),
      no: LL.options.boolean.no(),
      ...pageWords,
    }),
    [locale, names, namedInRecord, optionLabel, LL, pageWords],
  );
  return (
    <>
      {(definition.formSections ?? []).map((section) => {
        const both = bothLanguages((book) => sectionLabelIn(book, section));
        const card = (children: ReactNode) => (
          <SummaryCard
            key={section}
            id={`${idPrefix}-section-${section}`}
            title={sectionLabelIn(LL, section)}
            both={both}
          >
            {children}
          </SummaryCard>
        );
        const own = custom[section];
        if (own) return <div key={section}>{own(card)}</div>;
        const rows = summaryRows(definition.fields, section, record, words, extras);
        if (rows.length === 0) return null;
        return card(
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 print:grid-cols-2 print:gap-y-1.5">
            {rows.map((row) => (
              <div key={row.key} className={row.long ? 'sm:col-span-2 print:col-span-2' : undefined}>
                <dt className="font-medium text-slate-500 text-xs dark:text-slate-400">
                  <BilingualLabel
                    text={labelOf(row.label)}
                    both={bothLanguages((book) => fieldLabelIn(book, row.label))}
                  />
                </dt>
                <dd className="mt-0.5 text-slate-900 text-sm dark:text-slate-100">
                  {renderValue?.(row) ??
                    (row.value ? (
                      <span
                        lang={row.lang}
                        className={row.long ? 'whitespace-pre-line break-words' : 'break-words'}
                      >
                        {row.value}
                      </span>
                    ) : (
                      <span className="text-slate-500 italic dark:text-slate-400">
                        {notRecorded ?? LL.record.notRecorded()}
                      </span>
                    ))}
                </dd>
              </div>
            ))}
          </dl>,
        );
      })}
    </>
  );
};

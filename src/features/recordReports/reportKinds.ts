import { areaWorkflowClient } from '@/components/workflow/areaWorkflow';
import type { TClientWorkflow } from '@/components/workflow/clientWorkflow';
import type { TAreaDefinition } from '@/domain/areas/area';
import { areaStatusText } from '@/domain/areas/areaWords';
import { childArea } from '@/domain/areas/child.area';
import { parentArea } from '@/domain/areas/parent.area';
import { formatDate } from '@/domain/dateFormat';
import type { TRouteLocale } from '@/domain/locale';
import type { TRecordReportKind } from '@/domain/recordReport';
import { recordReportBase } from '@/domain/recordReportLink';
import type { TResourceDefinition } from '@/domain/resource';
import { childNames, childResource } from '@/domain/resources/child';
import { applicantName, applicantNumbers, parentResource } from '@/domain/resources/parent';
import { translate } from '@/domain/translate';
import { childWorkflow } from '@/domain/workflows/child.workflow';
import { parentWorkflow } from '@/domain/workflows/parent.workflow';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { wordOf } from '@/i18n/wordOf';
import type { TResourceRow } from '@/platform/api/resources';

/** A line of the identity block: its label (in both languages on paper) and its value. */
export type TIdentityRow = {
  key: string;
  label: (LL: TranslationFunctions) => string;
  value: string;
  /** The value's script when it is a name in one (Khmer names are marked for their font). */
  lang?: 'km' | 'en';
};

/** What differs between a child's report and an application's: the rest is one page. */
export type TRecordReportKindView = {
  kind: TRecordReportKind;
  area: TAreaDefinition;
  /** The record's description: its API, how the search names a record. */
  definition: Pick<TResourceDefinition, 'apiBase' | 'titleOf' | 'subtitleOf'>;
  /** Where the page is (`/reports/child/show`): a chosen record opens `{showBase}/{id}`. */
  showBase: string;
  workflow: TClientWorkflow;
  title: (LL: TranslationFunctions) => string;
  paper: (LL: TranslationFunctions) => string;
  searchLabel: (LL: TranslationFunctions) => string;
  identity: (record: TResourceRow, LL: TranslationFunctions, locale: TRouteLocale) => TIdentityRow[];
};

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const option = (LL: TranslationFunctions, key: string, value: unknown) =>
  wordOf(wordOf(LL.options, key), text(value))?.() || text(value);
const office = (record: TResourceRow, locale: TRouteLocale) =>
  translate((record.headOffice as { name?: never } | null)?.name ?? null, locale);

export const childReportKind: TRecordReportKindView = {
  kind: 'child',
  area: childArea,
  definition: childResource,
  showBase: recordReportBase.child,
  workflow: areaWorkflowClient(childArea, childWorkflow),
  title: (LL) => LL.recordReport.childTitle(),
  paper: (LL) => LL.recordReport.paperChild(),
  searchLabel: (LL) => LL.recordReport.searchChild(),
  identity: (record, LL, locale) => {
    const names = childNames(record);
    return [
      { key: 'code', label: (book) => book.fields.code(), value: text(record.code) },
      { key: 'nameKh', label: (book) => book.recordReport.nameKh(), value: names.kh ?? '', lang: 'km' },
      { key: 'nameEn', label: (book) => book.recordReport.nameEn(), value: names.en ?? '', lang: 'en' },
      { key: 'sex', label: (book) => book.fields.sex(), value: option(LL, 'sex', record.sex) },
      {
        key: 'dateOfBirth',
        label: (book) => book.fields.dateOfBirth(),
        value: formatDate(record.dateOfBirth),
      },
      {
        key: 'status',
        label: (book) => book.fields.status(),
        value: areaStatusText(LL, childArea, text(record.status)),
      },
      { key: 'headOffice', label: (book) => book.fields.headOffice(), value: office(record, locale) },
      { key: 'admittedOn', label: (book) => book.fields.admittedOn(), value: formatDate(record.admittedOn) },
      {
        key: 'adoptionConfirmedOn',
        label: (book) => book.fields.adoptionConfirmedOn(),
        value: formatDate(record.adoptionConfirmedOn),
      },
    ];
  },
};

export const parentReportKind: TRecordReportKindView = {
  kind: 'parent',
  area: parentArea,
  definition: parentResource,
  showBase: recordReportBase.parent,
  workflow: areaWorkflowClient(parentArea, parentWorkflow),
  title: (LL) => LL.recordReport.parentTitle(),
  paper: (LL) => LL.recordReport.paperParent(),
  searchLabel: (LL) => LL.recordReport.searchParent(),
  identity: (record, LL, locale) => [
    { key: 'code', label: (book) => book.fields.code(), value: text(record.code) },
    {
      key: 'applicantType',
      label: (book) => book.fields.applicantType(),
      value: option(LL, 'applicantType', record.applicantType),
    },
    // Each applicant written: the name in both scripts, the sex and the birth date.
    ...applicantNumbers.flatMap((n): TIdentityRow[] => {
      const kh = applicantName(record, n, 'Kh');
      const en = applicantName(record, n, 'En');
      if (!kh && !en) return [];
      const born = formatDate(record[`applicant${n}DateOfBirth`]);
      const sex = option(LL, 'sex', record[`applicant${n}Sex`]);
      return [
        {
          key: `applicant${n}Kh`,
          label: (book) => book.recordReport.applicant({ n }),
          value: kh,
          lang: 'km',
        },
        { key: `applicant${n}En`, label: () => '', value: en, lang: 'en' },
        { key: `applicant${n}Born`, label: () => '', value: [sex, born].filter(Boolean).join(' · ') },
      ];
    }),
    {
      key: 'applicationDate',
      label: (book) => book.fields.applicationDate(),
      value: formatDate(record.applicationDate),
    },
    {
      key: 'status',
      label: (book) => book.fields.status(),
      value: areaStatusText(LL, parentArea, text(record.status)),
    },
    {
      key: 'decisionDate',
      label: (book) => book.fields.decisionDate(),
      value: formatDate(record.decisionDate),
    },
    {
      key: 'approvedUntil',
      label: (book) => book.fields.approvedUntil(),
      value: formatDate(record.approvedUntil),
    },
    { key: 'headOffice', label: (book) => book.fields.headOffice(), value: office(record, locale) },
  ],
};

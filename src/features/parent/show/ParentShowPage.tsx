import { useMemo } from 'react';
import { areaDocumentsCard } from '@/components/attachments/areaDocumentsCard';
import { Badge } from '@/components/Badge';
import { AreaStatusBadge } from '@/components/record/AreaStatusBadge';
import { areaShowLayout } from '@/components/record/areaShowLayout';
import { FieldSections } from '@/components/record/FieldSections';
import { linkIf } from '@/components/record/linkIf';
import { ResourceShowPage } from '@/components/record/ResourceShowPage';
import { SummaryCard } from '@/components/record/SummaryCard';
import type { TShowCardProps } from '@/components/record/showLayout';
import { parentArea } from '@/domain/areas/parent.area';
import { formatDate } from '@/domain/dateFormat';
import { newMatchingLink } from '@/domain/newMatchingLink';
import { eligibilityChecks, type TEligibilityCheck } from '@/domain/parentEligibility';
import { hasPermission } from '@/domain/permissions';
import { peopleNames } from '@/domain/personName';
import { isoDateIn } from '@/domain/programmeTime';
import { recordReportLink } from '@/domain/recordReportLink';
import { applicantNames, checklistDateKey, checklistItems, parentResource } from '@/domain/resources/parent';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { wordOf } from '@/i18n/wordOf';
import type { TResourceRow } from '@/platform/api/resources';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { useClientSettings } from '@/platform/useSetup';
import { ParentHouseholdCard } from '../family/ParentHouseholdCard';
import { parentClientResource } from '../resources';
import { parentWorkflowClient } from '../status/parentWorkflowClient';

const namedInRecord = { headOfficeId: 'headOffice', provinceId: 'province' } as const;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Who applies: the applicants' names in both scripts, the code, the status and the approval's end. */
const ParentIdentity = ({ record, titleId }: { record: TResourceRow; title: string; titleId: string }) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  // The reader's language's names head the page; the other script's, when they differ, under them.
  const heading = peopleNames(applicantNames(record), locale);
  const other = peopleNames(applicantNames(record), locale === 'en' ? 'kh' : 'en');
  const lang = locale === 'en' ? 'en' : 'km';
  const until = text(record.approvedUntil);
  const expired = until !== '' && until < isoDateIn(new Date());
  return (
    <div className="min-w-0">
      <h1
        id={titleId}
        lang={heading ? lang : undefined}
        className="break-words font-semibold text-2xl text-slate-900 dark:text-slate-50"
      >
        {heading || String(record.code)}
      </h1>
      {other && other !== heading ? (
        <p className="break-words text-lg text-slate-700 dark:text-slate-200">{other}</p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-3 text-slate-600 text-sm dark:text-slate-300">
        <span className="font-mono tabular-nums">{String(record.code)}</span>
        <AreaStatusBadge area={parentArea} status={String(record.status)} />
        {until ? (
          expired ? (
            <Badge tone="rose">{LL.areas.parent.show.approvalExpired({ date: formatDate(until) })}</Badge>
          ) : (
            <span>{LL.areas.parent.show.approvedUntil({ date: formatDate(until) })}</span>
          )
        ) : null}
      </div>
    </div>
  );
};

const parentWords = (LL: TranslationFunctions) => ({
  estimated: LL.areas.child.show.estimated(),
  ageYears: (age: number) => LL.areas.child.show.ageYears({ age }),
});

/** The application as the form has it, section by section, with its decision under the first. */
const ApplicationSections = ({ record }: TShowCardProps) => {
  const { LL } = useI18nContext();
  const words = useMemo(() => parentWords(LL), [LL]);
  return (
    <FieldSections
      definition={parentResource}
      record={record}
      idPrefix="parent"
      namedInRecord={namedInRecord}
      notRecorded={LL.areas.parent.show.notRecorded()}
      words={words}
      extras={{
        // The decision sits with the application: its status, date, reason, the approval's end and
        // why it was accepted though not eligible (issue 22).
        sectionEnd: (section, row, summaryWords) =>
          section === 'application'
            ? [
                {
                  key: 'status',
                  label: 'status',
                  value: summaryWords.optionLabel('status', String(row.status)),
                },
                { key: 'decisionDate', label: 'decisionDate', value: formatDate(row.decisionDate) },
                { key: 'approvedUntil', label: 'approvedUntil', value: formatDate(row.approvedUntil) },
                {
                  key: 'decisionReason',
                  label: 'decisionReason',
                  value: text(row.decisionReason),
                  long: true,
                },
                {
                  key: 'acceptanceJustification',
                  label: 'acceptanceJustification',
                  value: text(row.acceptanceJustification),
                  long: true,
                },
              ].filter((entry) => entry.key === 'status' || entry.value)
            : [],
      }}
      renderValue={(row) =>
        row.key === 'status' && record.status ? (
          <AreaStatusBadge area={parentArea} status={String(record.status)} />
        ) : undefined
      }
    />
  );
};

const stateTone = { met: 'green', notMet: 'rose', unknown: 'slate' } as const;

/** 'Eligibility': the applicants' ages, the checklist and the approval against the settings, in words. */
const EligibilityCard = ({ record }: TShowCardProps) => {
  const { LL } = useI18nContext();
  const minimum = useClientSettings().minimumAdopterAge;
  const checks = eligibilityChecks(record, minimum, isoDateIn(new Date()));
  const t = LL.areas.parent.show;
  const sentence = (check: TEligibilityCheck) => {
    if (check.kind === 'age')
      return check.age === undefined
        ? t.applicantAgeUnknown({ n: check.n })
        : t.applicantAge({ n: check.n, age: check.age, min: minimum });
    if (check.kind === 'checklist') return t.checklistDone({ done: check.done, all: check.all });
    if (!check.until) return t.approvalNone();
    return check.state === 'met'
      ? t.approvalHolds({ date: formatDate(check.until) })
      : t.approvalEnded({ date: formatDate(check.until) });
  };
  return (
    <SummaryCard
      id="parent-eligibility"
      title={t.eligibility()}
      both={bothLanguages((book) => book.areas.parent.show.eligibility())}
    >
      <p className="mb-2 text-slate-500 text-xs dark:text-slate-400">{t.eligibilityHint({ age: minimum })}</p>
      <ul className="flex flex-col gap-2">
        {checks.map((check) => (
          <li
            key={check.kind === 'age' ? `age-${check.n}` : check.kind}
            className="flex flex-wrap items-center gap-2 text-sm"
          >
            <Badge tone={stateTone[check.state]}>{t[check.state]()}</Badge>
            <span>{sentence(check)}</span>
          </li>
        ))}
      </ul>
    </SummaryCard>
  );
};

/** The application's documents, grouped by the checklist item they stand for. */
const DocumentsCard = areaDocumentsCard(parentArea, (LL) =>
  checklistItems.map((item) => ({
    key: item,
    label: wordOf(LL.fields, checklistDateKey(item))?.() || checklistDateKey(item),
  })),
);

/**
 * A parent application's page (`/adoptive-parents/parents/show/{id}`) as a layout of cards: who
 * applies, the application as the form has it, eligibility, household, documents, then the status
 * history and the timeline. Printing gives a clean A4 summary with labels in both languages.
 */
export const parentShowLayout = areaShowLayout(parentArea, {
  resource: parentClientResource,
  Identity: ParentIdentity,
  cards: [
    { key: 'eligibility', Card: EligibilityCard },
    { key: 'summary', Card: ApplicationSections },
    { key: 'household', Card: ParentHouseholdCard },
    { key: 'documents', Card: DocumentsCard },
  ],
  workflow: parentWorkflowClient,
  // A family that adopted, or was refused, applies again from its earlier application.
  links: (record, LL, user) => [
    ...newMatchingLink('parent', record, LL, user),
    ...recordReportLink('parent', record, LL),
    ...linkIf(
      (record.status === 'adopted' || record.status === 'rejected') &&
        hasPermission(user, 'adoptive_parents:write') &&
        hasPermission(user, 'adoptive_parents:update'),
      () => ({
        id: 'new-from-this',
        title: LL.areas.parent.show.newFromThis(),
        hint: LL.areas.parent.show.newFromThisHint(),
        icon: 'plus',
        path: `${parentResource.routeBase}/create?from=${record.id}`,
      }),
    ),
  ],
});

const ParentShowPage = () => <ResourceShowPage layout={parentShowLayout} />;

export default ParentShowPage;

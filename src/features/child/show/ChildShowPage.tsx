import { Suspense, useMemo } from 'react';
import { AuthImage } from '@/components/AuthImage';
import { Icon } from '@/components/Icon';
import { AreaStatusBadge } from '@/components/record/AreaStatusBadge';
import { areaShowLayout } from '@/components/record/areaShowLayout';
import { FieldSections } from '@/components/record/FieldSections';
import { ResourceShowPage } from '@/components/record/ResourceShowPage';
import type { TShowCardProps } from '@/components/record/showLayout';
import { areaWorkflowClient } from '@/components/workflow/areaWorkflow';
import { childArea } from '@/domain/areas/child.area';
import { newMatchingLink } from '@/domain/newMatchingLink';
import { newServiceLink } from '@/domain/newServiceLink';
import { personName } from '@/domain/personName';
import { recordReportLink } from '@/domain/recordReportLink';
import { childNames, childResource } from '@/domain/resources/child';
import { originFields } from '@/domain/sealedOrigins';
import { childWorkflow } from '@/domain/workflows/child.workflow';
import { ChildDocumentsPanel } from '@/features/child/documents/ChildDocumentsPanel';
import { ChildFamilySummary } from '@/features/child/family/ChildFamilySummary';
import {
  originsHidden,
  SealedOriginsCard,
  SealedOriginsLine,
} from '@/features/child/sealed/SealedOriginsCard';
import { AdoptionServicesCard } from '@/features/service';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import type { TResourceRow } from '@/platform/api/resources';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { childClientResource } from '../resources';
import { MatchingHistorySection } from './ChildHistorySections';
import { childNamedInRecord, childSummaryExtras } from './childSummary';

/** Initials of the Latin name (Khmer initials would split a cluster), else the child icon. */
const PhotoPlaceholder = ({ record, label }: { record: TResourceRow; label: string }) => {
  const initials = [record.familyNameEn, record.givenNameEn]
    .map((part) => (typeof part === 'string' ? part.trim().charAt(0).toUpperCase() : ''))
    .join('');
  return (
    <div
      role="img"
      aria-label={label}
      className="flex size-28 shrink-0 items-center justify-center rounded-lg border border-slate-200 bg-slate-100 font-semibold text-2xl text-slate-500 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300 print:size-24"
    >
      {initials || <Icon name="child" className="size-10" />}
    </div>
  );
};

/** Who the child is: the photo (or initials), the names in both scripts, the code and the status. */
const ChildIdentity = ({
  record,
  title,
  titleId,
}: {
  record: TResourceRow;
  title: string;
  titleId: string;
}) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  // The reader's language's name heads the page; the other script's, when written, under it.
  const names = childNames(record);
  const heading = personName(names, locale);
  const other = personName(names, locale === 'en' ? 'kh' : 'en');
  const langOf = (name: string) => (name === names.kh ? 'km' : 'en');
  const placeholder = <PhotoPlaceholder record={record} label={LL.areas.child.show.noPhoto()} />;
  return (
    <div className="flex flex-col gap-4 xs:flex-row xs:items-start print:flex-row">
      {record.hasPhoto ? (
        <AuthImage
          path={`${childArea.apiBase}/photo/${record.id}`}
          version={record.version}
          alt={LL.areas.child.show.photoOf({ name: title })}
          className="size-28 shrink-0 rounded-lg border border-slate-200 object-cover dark:border-slate-700 print:size-24"
          fallback={placeholder}
        />
      ) : (
        placeholder
      )}
      <div className="min-w-0 flex-1">
        <h1
          id={titleId}
          lang={heading ? langOf(heading) : undefined}
          className="break-words font-semibold text-2xl text-slate-900 dark:text-slate-50"
        >
          {heading || String(record.code)}
        </h1>
        {other && other !== heading ? (
          <p lang={langOf(other)} className="break-words text-lg text-slate-700 dark:text-slate-200">
            {other}
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center gap-3 text-slate-600 text-sm dark:text-slate-300">
          <span className="font-mono tabular-nums">{String(record.code)}</span>
          <AreaStatusBadge area={childArea} status={String(record.status)} />
        </div>
      </div>
    </div>
  );
};

const childWords = (LL: TranslationFunctions) => ({
  estimated: LL.areas.child.show.estimated(),
  ageYears: (age: number) => LL.areas.child.show.ageYears({ age }),
});

/** Identity, birth and origin, care and health (as the form has them), family and documents. */
const SummarySections = ({ record, id: childId, canUpdate }: TShowCardProps) => {
  const { LL } = useI18nContext();
  const words = useMemo(() => childWords(LL), [LL]);
  const numericId = Number(childId);
  // A sealed child's origins not opened: its birthplace rows are left out (the server sent none),
  // its birth family is the sealed line (issue 27).
  const hidden = originsHidden(record);
  return (
    <FieldSections
      definition={hidden ? sealedChildResource : childResource}
      record={record}
      idPrefix="child"
      namedInRecord={childNamedInRecord}
      extras={childSummaryExtras}
      notRecorded={LL.areas.child.show.notRecorded()}
      words={words}
      // The status row carries the raw value: the badge names it.
      renderValue={(row) =>
        row.key === 'status' && record.status ? (
          <AreaStatusBadge area={childArea} status={String(record.status)} />
        ) : undefined
      }
      custom={{
        family: (card) =>
          card(hidden ? <SealedOriginsLine record={record} /> : <ChildFamilySummary childId={numericId} />),
        // The documents panel is a card with its own heading.
        documents: () => <ChildDocumentsPanel childId={numericId} editable={canUpdate} />,
      }}
    />
  );
};

/** The child's description less the fields of its origins: a sealed child's page before an opening. */
const sealedChildResource = {
  ...childResource,
  fields: childResource.fields.filter((field) => !(originFields as readonly string[]).includes(field.key)),
};

/** 'Matching history': the matchings the child was in (empty until matchings exist). */
const MatchingHistoryCard = ({ id, reloadKey }: TShowCardProps) => (
  <MatchingHistorySection childId={id} reloadKey={reloadKey} />
);

/** 'Services after adoption': the child's follow-ups (for users who may read them). */
const ServicesCard = ({ id, reloadKey }: TShowCardProps) => (
  <Suspense fallback={null}>
    <AdoptionServicesCard of={{ childId: id }} idPrefix="child" reloadKey={reloadKey} />
  </Suspense>
);

/**
 * The child's case summary (`/adoptive-child/child/show/{id}`) as a layout of cards: who the child
 * is, where from, care and health, family, documents, matchings and the services after adoption,
 * then the status history and
 * the timeline that every record page with a workflow and a timeline has. Printing gives a clean A4
 * summary with labels in both languages (components/record/recordPrint.css).
 */
export const childShowLayout = areaShowLayout(childArea, {
  resource: childClientResource,
  Identity: ChildIdentity,
  cards: [
    { key: 'sealed', Card: SealedOriginsCard },
    { key: 'summary', Card: SummarySections },
    { key: 'matchings', Card: MatchingHistoryCard },
    { key: 'services', Card: ServicesCard },
  ],
  workflow: areaWorkflowClient(childArea, childWorkflow),
  links: (record, LL, user) => [
    ...newMatchingLink('child', record, LL, user),
    ...newServiceLink('child', record, LL, user),
    ...recordReportLink('child', record, LL),
  ],
});

const ChildShowPage = () => <ResourceShowPage layout={childShowLayout} />;

export default ChildShowPage;

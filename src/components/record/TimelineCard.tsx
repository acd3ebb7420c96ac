import { HistoryBody } from '@/components/record/HistoryParts';
import { SummaryCard } from '@/components/record/SummaryCard';
import { useHistory } from '@/components/record/useHistory';
import { useResourceText } from '@/components/resource/useResourceText';
import { historyWhen, historyWhy } from '@/components/workflow/statusHistory';
import { formatDate } from '@/domain/dateFormat';
import type { TRouteLocale } from '@/domain/locale';
import type { TFieldDef } from '@/domain/resource';
import { translate } from '@/domain/translate';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { wordOf } from '@/i18n/wordOf';
import { useRouteLocale } from '@/platform/useRouteLocale';

/** A row of `GET {apiBase}/timeline/{id}` (server/resources/timeline.ts). */
export type TTimelineEntry = {
  id: string;
  at: string;
  user: { id: number; name: string } | null;
  kind: 'audit' | 'access';
  entity: string;
  action: string;
  changes: { field: string; from: unknown; to: unknown }[];
  subject: Record<string, unknown> | null;
  payload: Record<string, unknown> | null;
  /** What a related row is about (a document, the family); null for the record's own rows. */
  about: 'document' | 'family' | null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored value in words: a day as dd-mm-yyyy, a name in the reader's language, an option's label. */
export const timelineValue = (
  value: unknown,
  field: string,
  locale: TRouteLocale,
  LL: TranslationFunctions,
  optionLabel: (key: string, value: string) => string,
): string => {
  if (value === null || value === undefined || value === '') return LL.record.timeline.emptyValue();
  if (typeof value === 'boolean') return value ? LL.record.timeline.yes() : LL.record.timeline.no();
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return historyWhen(value);
    return optionLabel(field, value);
  }
  if (Array.isArray(value))
    return (
      value.map((item) => timelineValue(item, field, locale, LL, optionLabel)).join(', ') ||
      LL.record.timeline.emptyValue()
    );
  if (isRecord(value)) {
    if ('kh' in value || 'en' in value)
      return translate(value as never, locale) || LL.record.timeline.emptyValue();
    if ('name' in value) return timelineValue(value.name, field, locale, LL, optionLabel);
  }
  return JSON.stringify(value);
};

/**
 * A changed field's name: its label in the description (a first applicant's `applicant1Phone` is
 * 'Phone'), with its section when several fields share that label ('First applicant: Phone').
 */
export const timelineFieldLabel = (
  key: string,
  fields: readonly TFieldDef[],
  labelOf: (labelKey: string) => string,
  sectionOf: (section: string) => string,
): string => {
  const field = fields.find((candidate) => candidate.key === key);
  if (!field) return labelOf(key);
  const labelKey = field.label ?? field.key;
  const shared = fields.filter((candidate) => (candidate.label ?? candidate.key) === labelKey).length > 1;
  return shared && field.section ? `${sectionOf(field.section)}: ${labelOf(labelKey)}` : labelOf(labelKey);
};

/** What one row says, in the reader's language; `actionLabel` names the workflow's actions. */
export const timelineSentence = (
  entry: TTimelineEntry,
  entity: string,
  LL: TranslationFunctions,
  actionLabel: (action: string) => string,
): string => {
  const who = entry.user?.name ?? LL.record.timeline.someone();
  const t = LL.record.timeline;
  if (entry.kind === 'access')
    return entry.action === 'open-origins' ? t.originsOpened({ who }) : t.opened({ who });
  const name = String(entry.subject?.title || entry.subject?.originalName || '');
  if (entry.entity === entity) {
    if (entry.action === 'create') return t.created({ who });
    if (entry.action === 'update') return t.updated({ who });
    if (entry.action === 'delete') return t.deleted({ who });
    if (entry.action === 'upload-photo') return t.photoChanged({ who });
    if (entry.action === 'remove-photo') return t.photoRemoved({ who });
    const date = typeof entry.payload?.date === 'string' ? formatDate(entry.payload.date) : '';
    return date
      ? t.actionOn({ who, action: actionLabel(entry.action), date })
      : t.action({ who, action: actionLabel(entry.action) });
  }
  if (entry.about === 'document') {
    if (entry.action === 'create') return t.documentAdded({ who, name });
    if (entry.action === 'delete') return t.documentRemoved({ who, name });
    if (entry.action === 'mark-origin') return t.documentMarkedOrigin({ who, name });
    if (entry.action === 'unmark-origin') return t.documentUnmarkedOrigin({ who, name });
    return t.documentReplaced({ who, name });
  }
  if (entry.about === 'family') {
    if (entry.action === 'create') return t.familyRecorded({ who });
    if (entry.action === 'delete') return t.familyRemoved({ who });
    return t.familyChanged({ who });
  }
  return t.other({ who, action: entry.action, entity: entry.entity });
};

/**
 * 'Timeline': a record's story from the audit log, newest first, in words and in the reader's
 * language (DESIGN.md section 7): who did what when, which fields changed from what to what, its
 * status actions with their date and reason, its documents and family; who opened it for a reader
 * allowed to see that.
 */
export const TimelineCard = ({
  apiBase,
  entity,
  resourceName,
  fields,
  recordId,
  reloadKey,
  actionLabel,
  idPrefix,
}: {
  apiBase: string;
  /** The record's table (`child_infos`): its own rows, as against its documents' and family's. */
  entity: string;
  resourceName: string;
  /** The description's fields: a change is named by its field's label (and section, when shared). */
  fields?: readonly TFieldDef[];
  recordId: string;
  reloadKey: number;
  actionLabel: (action: string) => string;
  idPrefix: string;
}) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const { labelOf, optionLabel } = useResourceText(resourceName);
  const sectionOf = (key: string) => wordOf(LL.formSections, key)?.() ?? key;
  const fieldLabel = (key: string) => timelineFieldLabel(key, fields ?? [], labelOf, sectionOf);
  const timeline = useHistory<TTimelineEntry>(`${apiBase}/timeline/${recordId}`, reloadKey);
  const value = (entryValue: unknown, field: string) =>
    timelineValue(entryValue, field, locale, LL, optionLabel);
  return (
    <SummaryCard
      id={`${idPrefix}-timeline`}
      title={LL.record.timeline.title()}
      both={bothLanguages((book) => book.record.timeline.title())}
    >
      {
        <HistoryBody history={timeline} empty={LL.record.timeline.empty()}>
          {(rows) => (
            <ol className="grid gap-3 text-sm">
              {rows.map((entry) => {
                const reason = historyWhy(entry.payload);
                return (
                  <li
                    key={entry.id}
                    className="break-inside-avoid border-slate-100 border-b pb-2 dark:border-slate-800"
                  >
                    <div className="flex flex-wrap items-baseline gap-x-3">
                      <time
                        dateTime={entry.at}
                        className="whitespace-nowrap text-slate-500 tabular-nums dark:text-slate-400"
                      >
                        {historyWhen(entry.at)}
                      </time>
                      <span className="text-slate-800 dark:text-slate-100">
                        {timelineSentence(entry, entity, LL, actionLabel)}
                      </span>
                    </div>
                    {reason ? (
                      <p className="mt-1 whitespace-pre-line text-slate-600 dark:text-slate-300">{reason}</p>
                    ) : null}
                    {entry.changes.length > 0 ? (
                      <ul className="mt-1 grid gap-0.5 text-slate-600 dark:text-slate-300">
                        {entry.changes.map((change) => {
                          const words = {
                            field: fieldLabel(change.field),
                            from: value(change.from, change.field),
                            to: value(change.to, change.field),
                          };
                          return (
                            <li key={change.field}>
                              <span className="sr-only">{LL.record.timeline.changeSpoken(words)}</span>
                              <span aria-hidden="true">{LL.record.timeline.change(words)}</span>
                            </li>
                          );
                        })}
                      </ul>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          )}
        </HistoryBody>
      }
    </SummaryCard>
  );
};

import { AuthImage } from '@/components/AuthImage';
import { Badge } from '@/components/Badge';
import { Icon } from '@/components/Icon';
import { isoDateIn } from '@/domain/programmeTime';
import type { TColumnDef } from '@/domain/resource';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TResourceRow } from '@/platform/api/resources';
import { valueAtPath } from '../columnText';

/** What AG Grid hands a cell renderer: the row and the cell's words (the column's valueGetter). */
type TCellProps = { data?: TResourceRow; value?: string };

/** The row's value of the column as stored (a status's code, a day), not in words. */
const rawValue = (column: TColumnDef, data: TResourceRow | undefined) =>
  data ? String(valueAtPath(data, column.path ?? column.key) ?? '') : '';

/** A `photo` column: the row's image, round, or a grey disc when it has none. */
export const photoCell =
  (column: TColumnDef) =>
  ({ data }: TCellProps) => {
    const path = data && column.photoPath ? column.photoPath(data) : null;
    const placeholder = (
      <span className="inline-block size-8 rounded-full bg-slate-200 align-middle dark:bg-slate-700" />
    );
    return path ? (
      <AuthImage
        path={path}
        version={data?.version}
        alt=""
        className="inline-block size-8 rounded-full object-cover align-middle"
        fallback={placeholder}
      />
    ) : (
      placeholder
    );
  };

/** A `date` column whose end matters for some rows: the day, then 'Expired' or 'Expires soon'. */
export const expiryCell =
  (column: TColumnDef, matters: (row: TResourceRow) => boolean) =>
  ({ data, value }: TCellProps) => {
    const raw = rawValue(column, data);
    return (
      <span className="inline-flex items-center gap-2">
        {value}
        {raw && data && matters(data) ? <ExpiryBadge day={raw} /> : null}
      </span>
    );
  };

/** A column with a `mark`: the value (a badge for a `badge` column), then the row's mark beside it. */
export const markCell =
  (
    column: TColumnDef,
    markOf: NonNullable<TColumnDef['mark']>,
    optionLabel: (key: string, value: string) => string,
  ) =>
  ({ data, value }: TCellProps) => {
    const mark = data ? markOf(data) : null;
    const raw = rawValue(column, data);
    const markLabel = mark ? optionLabel(mark.option, mark.value) : '';
    return (
      <span className="inline-flex items-center gap-2">
        {column.kind === 'badge' && raw ? (
          <Badge tone={column.tones?.[raw] ?? 'slate'}>{value}</Badge>
        ) : (
          value
        )}
        {mark?.icon ? (
          <span data-row-mark={mark.value} role="img" aria-label={markLabel} title={markLabel}>
            <Badge tone={mark.tone}>
              <Icon name={mark.icon} className="size-3.5" />
            </Badge>
          </span>
        ) : mark ? (
          <span data-row-mark={mark.value}>
            <Badge tone={mark.tone}>{markLabel}</Badge>
          </span>
        ) : null}
      </span>
    );
  };

/** A `badge` column: the value's badge in its tone, nothing for an empty value. */
export const badgeCell =
  (column: TColumnDef) =>
  ({ data, value }: TCellProps) => {
    const raw = rawValue(column, data);
    return raw ? <Badge tone={column.tones?.[raw] ?? 'slate'}>{value}</Badge> : null;
  };

/** How near an end is 'soon' (DESIGN.md section 6: approvals expiring within 30 days). */
const expirySoonDays = 30;

/** 'Expired' or 'Expires soon' beside a day a grant ends. */
const ExpiryBadge = ({ day }: { day: string }) => {
  const { LL } = useI18nContext();
  const today = isoDateIn(new Date());
  if (day < today) return <Badge tone="rose">{LL.list.expired()}</Badge>;
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + expirySoonDays);
  return day <= soon.toISOString().slice(0, 10) ? <Badge tone="amber">{LL.list.expiresSoon()}</Badge> : null;
};

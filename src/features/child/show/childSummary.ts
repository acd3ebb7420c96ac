import {
  summaryLookups as fieldLookups,
  summaryRows as fieldRows,
  hasSummaryValue,
  type TSummaryExtras,
  type TSummaryRow,
  type TSummaryWords,
} from '@/components/record/fieldSummary';
import { formatDate } from '@/domain/dateFormat';
import type { TFieldDef } from '@/domain/resource';

export type { TSummaryRow, TSummaryWords };

/** Ids a child record names itself (the list's joins). */
export const childNamedInRecord = { birthProvinceId: 'birthProvince', headOfficeId: 'headOffice' } as const;

/**
 * The child's additions to the generic rows: 'estimated' beside the date of birth, the age after
 * it, and the status (with the day adoption was confirmed) at the end of the identity section.
 */
export const childSummaryExtras: TSummaryExtras = {
  skip: ['dateOfBirthEstimated'],
  value: (field, value, record, words) =>
    field.key === 'dateOfBirth' && value && record.dateOfBirthEstimated
      ? `${value} (${words.estimated})`
      : value,
  after: (field, record, words) =>
    field.key === 'dateOfBirth' && hasSummaryValue(record.age)
      ? [{ key: 'age', label: 'age', value: words.ageYears(Number(record.age)) }]
      : [],
  sectionEnd: (section, record, words) => {
    if (section !== 'identity') return [];
    const rows: TSummaryRow[] = [
      { key: 'status', label: 'status', value: words.optionLabel('status', String(record.status ?? '')) },
    ];
    if (hasSummaryValue(record.adoptionConfirmedOn))
      rows.push({
        key: 'adoptionConfirmedOn',
        label: 'adoptionConfirmedOn',
        value: formatDate(record.adoptionConfirmedOn),
      });
    return rows;
  },
};

export const summaryLookups = (fields: readonly TFieldDef[], record: Record<string, unknown>) =>
  fieldLookups(fields, record, childNamedInRecord);

/** The case summary's rows of one section (the child's words: names carried, age, status). */
export const summaryRows = (
  fields: readonly TFieldDef[],
  section: string,
  record: Record<string, unknown>,
  words: TSummaryWords,
) => fieldRows(fields, section, record, { namedInRecord: childNamedInRecord, ...words }, childSummaryExtras);

import type { TRouteLocale } from '../../src/domain/locale';
import { peopleNames, personName, type TPersonName } from '../../src/domain/personName';
import { childInfos, parentInfos } from '../db/schema';
import { applicantNamesSql, childNamesSql } from '../resources/recordSql';

/** The names a child-and-family title is made of, in both scripts, and the codes standing in for none. */
export const familyTitleColumns = {
  childNames: childNamesSql,
  childCode: childInfos.code,
  applicantNames: applicantNamesSql,
  parentCode: parentInfos.code,
};

/**
 * A matching's or a service's name on the queue, in the reader's language (the request's `locale`):
 * the child and the applicants, each by `personName` as every screen names them (a code when no
 * name is written).
 */
export const familyTitle = (
  row: { childNames: TPersonName; childCode: string; applicantNames: TPersonName[]; parentCode: string },
  locale: TRouteLocale,
) =>
  `${personName(row.childNames, locale) || row.childCode} · ${peopleNames(row.applicantNames, locale) || row.parentCode}`;

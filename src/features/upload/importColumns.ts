import { importColumnHeader } from '@/domain/importColumnHeader';
import type { TFieldDef } from '@/domain/resource';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { wordOf } from '@/i18n/wordOf';
import type { TImportKind } from './importKinds';

// The import screen's columns, apart from importKinds.ts: the feature's registry entry (every page's
// download) reads that one, and the sign-in page's budget holds it (tests/e2e/delivery.spec.ts).

/**
 * The kind's fields (the workbook's columns): its area's described resource, loaded with the screen
 * (not described in the area: every page downloads the areas). A kind whose area has no described
 * resource is a mistake of the code, not of the workbook: refused, rather than an empty list that
 * heads every column by its key (importKinds.test.ts checks every kind).
 */
export const importFields = async (kind: TImportKind): Promise<readonly TFieldDef[]> => {
  const { clientResources } = await import('@/features/clientResources');
  const resource = clientResources.find((one) => one.definition.apiBase === kind.area.apiBase);
  if (!resource)
    throw new Error(`No described resource at ${kind.area.apiBase} for the import of ${kind.resource}`);
  return resource.definition.fields;
};

/**
 * A workbook column's name as the template heads it (src/domain/importColumnHeader.ts, the server's
 * rule too); the key itself when it is no field (an answer from a newer server).
 */
export const importColumnLabel = (
  fields: readonly TFieldDef[],
  key: string,
  LL: TranslationFunctions,
): string => {
  const field = fields.find((candidate) => candidate.key === key);
  return field ? importColumnHeader(fields, field, LL) : wordOf(LL.fields, key)?.() || key;
};

import { areaPermission, type TAreaDefinition } from '@/domain/areas/area';
import { childArea } from '@/domain/areas/child.area';
import { parentArea } from '@/domain/areas/parent.area';
import { hasPermission, type TPermissionSubject } from '@/domain/permissions';
import type { TFieldDef } from '@/domain/resource';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { wordOf } from '@/i18n/wordOf';

/**
 * What `/upload` imports (issue 25, DESIGN.md section 8): the API's resource name, the area its
 * records belong to (their list, where the result links), and its words. The permission is the
 * area's write permission, as the API asks.
 */
export type TImportKind = {
  resource: 'children' | 'parent-applications';
  area: TAreaDefinition;
  title: (LL: TranslationFunctions) => string;
  paletteTitle: (LL: TranslationFunctions) => string;
  /** The resource's fields (the workbook's columns), loaded with the screen: an error names its column by key. */
  fields: () => Promise<readonly TFieldDef[]>;
};

export const importKinds: readonly TImportKind[] = [
  {
    resource: 'children',
    area: childArea,
    title: (LL) => LL.upload.kinds.children(),
    paletteTitle: (LL) => LL.upload.paletteChildren(),
    fields: () => import('@/domain/resources/child').then((module) => module.childResource.fields),
  },
  {
    resource: 'parent-applications',
    area: parentArea,
    title: (LL) => LL.upload.kinds.parentApplications(),
    paletteTitle: (LL) => LL.upload.paletteParentApplications(),
    fields: () => import('@/domain/resources/parent').then((module) => module.parentResource.fields),
  },
];

export const importPermission = (kind: TImportKind): string => areaPermission(kind.area, 'write');

/** The kinds a user may import: those whose write permission they hold. */
export const importKindsFor = (user: TPermissionSubject | null | undefined): readonly TImportKind[] =>
  importKinds.filter((kind) => hasPermission(user, importPermission(kind)));

/** The page's address for one kind: the palette opens it with that kind chosen. */
export const uploadPath = (kind: TImportKind): string => `/upload?resource=${kind.resource}`;

/** The list of the area narrowed to one record by its code: where a created or updated code leads. */
export const recordListPath = (kind: TImportKind, code: string): string =>
  `${kind.area.routeBase}?search=${encodeURIComponent(code)}`;

/** A record's own page (its show page): where a possible duplicate opens. */
export const recordPagePath = (kind: TImportKind, id: number): string => `${kind.area.routeBase}/show/${id}`;

/**
 * A workbook column's name as the template heads it (server/upload/importBinding.ts `columnHeader`):
 * the field's label, led by its section's when another field shares the label ('Birth – Province');
 * the key itself when it is no field (an answer from a newer server).
 */
export const importColumnLabel = (
  fields: readonly TFieldDef[],
  key: string,
  LL: TranslationFunctions,
): string => {
  const field = fields.find((candidate) => candidate.key === key);
  const label = field?.label ?? key;
  const text = wordOf(LL.fields, label)?.() || label;
  if (!field) return text;
  const shared = fields.filter((other) => (other.label ?? other.key) === label).length > 1;
  const section = field.section ? wordOf(LL.formSections, field.section)?.() : undefined;
  return shared && section ? `${section} – ${text}` : text;
};

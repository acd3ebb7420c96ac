import { areaPermission, type TAreaDefinition } from '@/domain/areas/area';
import { childArea } from '@/domain/areas/child.area';
import { parentArea } from '@/domain/areas/parent.area';
import { hasPermission, type TPermissionSubject } from '@/domain/permissions';
import type { TranslationFunctions } from '@/i18n/i18n-types';

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
};

export const importKinds: readonly TImportKind[] = [
  {
    resource: 'children',
    area: childArea,
    title: (LL) => LL.upload.kinds.children(),
    paletteTitle: (LL) => LL.upload.paletteChildren(),
  },
  {
    resource: 'parent-applications',
    area: parentArea,
    title: (LL) => LL.upload.kinds.parentApplications(),
    paletteTitle: (LL) => LL.upload.paletteParentApplications(),
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

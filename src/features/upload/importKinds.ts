import { areas } from '@/domain/areas';
import { areaPermission, type TAreaDefinition, type TAreaImport } from '@/domain/areas/area';
import { hasPermission, type TPermissionSubject } from '@/domain/permissions';

/**
 * What `/upload` imports (issue 25, DESIGN.md section 8): each area's `imports` (the API's resource
 * name, its words, its fields) with the area its records belong to (their list, where the result
 * links). The permission is the area's write permission, as the API asks.
 */
export type TImportKind = TAreaImport & { area: TAreaDefinition };

/** The kinds of these areas, in their order. */
export const importKindsOf = (areaList: readonly TAreaDefinition[]): readonly TImportKind[] =>
  areaList.flatMap((area) => (area.imports ? [{ ...area.imports, area }] : []));

export const importKinds: readonly TImportKind[] = importKindsOf(areas);

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

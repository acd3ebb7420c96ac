import type { TRouteLocale } from '@/domain/locale';
import type { TCataloguePermission } from '@/domain/rolePermissionMapping';
import { translate } from '@/domain/translate';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { wordOf } from '@/i18n/wordOf';

/** A resource's label (`LL.permissionNames.resources`); a custom one shows its own name. */
export const resourceLabel = (LL: TranslationFunctions, resource: string): string =>
  wordOf(LL.permissionNames.resources, resource)?.() || resource;

/** An action's label (`LL.permissionNames.actions`); a custom one shows its own name. */
export const actionLabel = (LL: TranslationFunctions, action: string): string =>
  wordOf(LL.permissionNames.actions, action)?.() || action;

/** A section's heading: its group's name in the current language, or 'Other permissions'. */
export const groupLabel = (
  LL: TranslationFunctions,
  group: TCataloguePermission['group'],
  locale: TRouteLocale,
): string => (group ? translate(group.name, locale) || group.code : LL.assignPermission.ungrouped());

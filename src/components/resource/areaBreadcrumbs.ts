import type { TBreadcrumbItem } from '@/components/Breadcrumbs';
import type { TRouteLocale } from '@/domain/locale';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { localizedPath } from '@/platform/localePath';
import type { TResourceArea } from './resourceArea';

/** The first crumbs of every page of an area: Home, then the area (a link when it has a page). */
export const areaBreadcrumbs = (
  LL: TranslationFunctions,
  locale: TRouteLocale,
  area: TResourceArea,
): TBreadcrumbItem[] => [
  { text: LL.layout.home(), to: localizedPath(locale, '/') },
  ...(area.key === 'records'
    ? []
    : [{ text: LL.resources[area.key].one(), to: area.to ? localizedPath(locale, area.to) : undefined }]),
];

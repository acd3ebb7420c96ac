import type { TResourceDefinition } from '@/domain/resource';
import { bothLanguages, translationsOf } from '@/i18n/bothLanguages';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { wordOf } from '@/i18n/wordOf';
import { isTranslatable, type TRecentDestination, type TRecentText } from './recentDestinations';

/** What the palette needs of a described resource to name its pages and records. */
export type TDestinationResource = Pick<
  TResourceDefinition,
  'name' | 'titleOf' | 'subtitleOf' | 'recordPage'
> & {
  routeBase: string;
};

/** A resource's name in both languages (`LL.resources[name]`), the key itself when it has none. */
export const resourceName = (name: string, form: 'one' | 'many') =>
  bothLanguages((LL) => wordOf(wordOf(LL.resources, name), form)?.() || name);

/** A record's title as `titleOf` gives it: a translatable value (or its JSON), or one text. */
export const recordTitle = (value: unknown): TRecentText => {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (isTranslatable(parsed)) return { kh: parsed.kh, en: parsed.en };
    } catch {
      // Not JSON: a plain text.
    }
    return value;
  }
  if (isTranslatable(value)) return { kh: value.kh, en: value.en };
  return value == null ? '' : String(value);
};

/** 'User · admin': the resource, and what else tells the record apart when the description says. */
export const recordSubtitle = (resource: TDestinationResource, row: Record<string, unknown>): TRecentText => {
  const name = resourceName(resource.name, 'one');
  const detail = { kh: resource.subtitleOf?.(row, 'kh') ?? '', en: resource.subtitleOf?.(row, 'en') ?? '' };
  return {
    kh: detail.kh ? `${name.kh} · ${detail.kh}` : name.kh,
    en: detail.en ? `${name.en} · ${detail.en}` : name.en,
  };
};

/** A resource's list page. */
export const listDestination = (resource: TDestinationResource): TRecentDestination => ({
  path: resource.routeBase,
  title: resourceName(resource.name, 'many'),
  kind: 'page',
});

/** A record's page (`{routeBase}/edit/{id}`, or `show` when it opens there), titled by the record. */
export const recordDestination = (
  resource: TDestinationResource,
  row: Record<string, unknown> & { id: unknown },
): TRecentDestination => ({
  path: `${resource.routeBase}/${resource.recordPage ?? 'edit'}/${String(row.id)}`,
  title: recordTitle(resource.titleOf(row)),
  kind: 'record',
  subtitle: recordSubtitle(resource, row),
});

/** 'New user' in both languages: a list's create command is found by either. */
export const createKeywords = (name: string): string[] => {
  const thing = resourceName(name, 'one');
  return [
    translationsOf('kh').list.createThing({ thing: thing.kh }),
    translationsOf('en').list.createThing({ thing: thing.en }),
  ];
};

/** A page of its own (home, general information...), titled from the dictionaries in both languages. */
export const pageDestination = (
  path: string,
  title: (LL: TranslationFunctions) => string,
): TRecentDestination => ({
  path,
  title: bothLanguages(title),
  kind: 'page',
});

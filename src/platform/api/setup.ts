import type { TRouteLocale } from '@/domain/locale';
import type { TSetup } from '@/state/setup';
import { apiRead } from './client';

/** `GET /mains` (public): languages and generals. Failure only logged (spec section 7). */
export const fetchSetup = async (signal?: AbortSignal): Promise<TSetup | null> => {
  const answer = await apiRead<{ data: Partial<TSetup> }>('/mains', { signal });
  if (!answer?.data) return null;
  return {
    languages: answer.data.languages ?? [],
    generals: answer.data.generals ?? {},
    settings: answer.data.settings,
  };
};

/** One admin override of a dictionary entry. */
export type TLocalizationOverride = { key: string; value: string };

/** `GET /languages/localizations/{locale}`: the admin's translation overrides; failure only logged. */
export const fetchLocalizations = async (locale: TRouteLocale): Promise<TLocalizationOverride[]> => {
  const answer = await apiRead<{ data: unknown }>(`/languages/localizations/${locale}`);
  const list = Array.isArray(answer?.data) ? answer.data : [];
  return list.filter(
    (entry): entry is TLocalizationOverride =>
      !!entry &&
      typeof entry === 'object' &&
      typeof (entry as TLocalizationOverride).key === 'string' &&
      typeof (entry as TLocalizationOverride).value === 'string',
  );
};

import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { hasPermission } from '@/domain/permissions';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { features } from './featureRegistry';

/**
 * The palette's page commands every feature declares (`palettePages`: 'Reports: children'...), for
 * the users holding each one's permission, found by the Khmer or the English title.
 */
export const FeaturePageCommands = () => {
  const { LL } = useI18nContext();
  const { user, status } = useSession();
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const commands = useMemo<TCommand[]>(() => {
    if (status !== 'signedIn') return [];
    return features
      .flatMap((feature) => feature.palettePages ?? [])
      .filter((page) => hasPermission(user, page.permission))
      .map((page) => {
        const titles = bothLanguages(page.title);
        return {
          id: `feature-page-${page.id}`,
          kind: 'page',
          icon: page.icon,
          title: page.title(LL),
          titles,
          keywords: [titles.kh, titles.en],
          path: page.path,
          perform: () => navigate(localizedPath(locale, page.path)),
        };
      });
  }, [LL, user, status, locale, navigate]);
  useRegisterCommands(commands, { appWide: true });
  return null;
};

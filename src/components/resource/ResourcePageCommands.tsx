import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { AreaAppCommands } from '@/components/palette/AreaAppCommands';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { resourceName } from '@/components/palette/destinations';
import { iconForPath } from '@/components/palette/paletteSections';
import { allAreas } from '@/domain/areas';
import { hasPermission } from '@/domain/permissions';
import { permissionFor } from '@/domain/resource';
import { translate } from '@/domain/translate';
import { useI18nContext } from '@/i18n/i18n-react';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import type { TClientResource } from './resourceArea';
import { SavedViewCommands } from './SavedViewCommands';

/**
 * Palette pages: every described resource's list the user may read (the list itself adds
 * 'New …' while it is open), found by the Khmer or the English name whatever the interface language;
 * and the commands every record area offers on every screen ('New child', 'Find child…', from its
 * description: src/domain/areas).
 */
export const ResourcePageCommands = ({ resources }: { resources: TClientResource[] }) => {
  // A new LL (language switch, the admin's overrides loaded) means the names are read again.
  const { LL } = useI18nContext();
  const { user, status } = useSession();
  const locale = useRouteLocale();
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: LL stands for the dictionaries resourceName reads
  const commands = useMemo<TCommand[]>(() => {
    if (status !== 'signedIn') return [];
    return resources
      .filter(({ definition }) => hasPermission(user, permissionFor(definition, 'read')))
      .map(({ definition }) => {
        const many = resourceName(definition.name, 'many');
        const one = resourceName(definition.name, 'one');
        return {
          id: `open-${definition.name}`,
          kind: 'page',
          icon: iconForPath(definition.routeBase),
          title: translate(many, locale),
          titles: many,
          keywords: [many.kh, many.en, one.kh, one.en],
          path: definition.routeBase,
          perform: () => navigate(localizedPath(locale, definition.routeBase)),
        };
      });
  }, [resources, LL, user, status, locale, navigate]);
  useRegisterCommands(commands, { appWide: true });
  if (status !== 'signedIn') return null;
  return (
    <>
      {allAreas().map((area) => (
        <AreaAppCommands key={area.name} area={area} />
      ))}
      <SavedViewCommands resources={resources} />
    </>
  );
};

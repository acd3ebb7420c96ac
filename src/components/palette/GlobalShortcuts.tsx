import { useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { useNavigate } from 'react-router';
import { useSession } from '@/app/session';
import { useLogout } from '@/app/useLogout';
import { useLocalizedPath } from '@/app/useRouteLocale';
import { useI18nContext } from '@/i18n/i18n-react';
import { shortcutsOpenAtom, toggleDarkModeAtom, toggleSidebarAtom } from '@/state/ui';
import { type TCommand, useRegisterCommands } from './commandRegistry';

/**
 * App-wide shortcuts ('?' lists them, 'g' then 'h' goes home; never while typing in a field) and
 * the palette's built-in actions.
 */
export const GlobalShortcuts = () => {
  const { LL } = useI18nContext();
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const openShortcuts = useSetAtom(shortcutsOpenAtom);
  const toggleTheme = useSetAtom(toggleDarkModeAtom);
  const toggleSidebar = useSetAtom(toggleSidebarAtom);
  const logout = useLogout();
  const home = to('/');

  useHotkeys('?', () => openShortcuts(true), { useKey: true, ignoreModifiers: true, preventDefault: true });
  useHotkeys('g>h', () => navigate(home), { enabled: signedIn }, [home, signedIn]);

  const commands = useMemo<TCommand[]>(() => {
    const group = LL.palette.actions();
    const list: TCommand[] = [
      { id: 'toggle-theme', group, icon: 'moon', title: LL.commands.toggleTheme(), perform: toggleTheme },
      {
        id: 'shortcuts',
        group,
        icon: 'keyboard',
        title: LL.commands.shortcuts(),
        shortcut: ['?'],
        perform: () => openShortcuts(true),
      },
    ];
    if (signedIn) {
      list.splice(
        1,
        0,
        {
          id: 'toggle-sidebar',
          group,
          icon: 'menu',
          title: LL.commands.toggleSidebar(),
          perform: toggleSidebar,
        },
        {
          id: 'go-home',
          group,
          icon: 'home',
          title: LL.commands.goHome(),
          shortcut: ['G', 'H'],
          perform: () => navigate(home),
        },
        { id: 'logout', group, icon: 'logout', title: LL.commands.logout(), perform: () => void logout() },
      );
    }
    return list;
  }, [LL, signedIn, toggleTheme, toggleSidebar, openShortcuts, logout, navigate, home]);
  useRegisterCommands(commands);

  return null;
};

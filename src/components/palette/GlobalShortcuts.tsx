import { useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { useNavigate } from 'react-router';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { useSession } from '@/platform/session';
import { useLogout } from '@/platform/useLogout';
import { useLocalizedPath } from '@/platform/useRouteLocale';
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
    // Found by the Khmer or the English words whatever the interface language.
    const action = (
      id: string,
      pick: (book: TranslationFunctions) => string,
      rest: Omit<TCommand, 'id' | 'title'>,
    ) => {
      const words = bothLanguages(pick);
      return { id, title: pick(LL), kind: 'action' as const, keywords: [words.kh, words.en], ...rest };
    };
    const list: TCommand[] = [
      action('toggle-theme', (book) => book.commands.toggleTheme(), { icon: 'moon', perform: toggleTheme }),
      action('shortcuts', (book) => book.commands.shortcuts(), {
        icon: 'keyboard',
        shortcut: ['?'],
        perform: () => openShortcuts(true),
      }),
    ];
    if (signedIn) {
      list.splice(
        1,
        0,
        action('toggle-sidebar', (book) => book.commands.toggleSidebar(), {
          icon: 'menu',
          perform: toggleSidebar,
        }),
        action('go-home', (book) => book.commands.goHome(), {
          icon: 'home',
          shortcut: ['G', 'H'],
          perform: () => navigate(home),
        }),
        action('logout', (book) => book.commands.logout(), { icon: 'logout', perform: () => void logout() }),
      );
    }
    return list;
  }, [LL, signedIn, toggleTheme, toggleSidebar, openShortcuts, logout, navigate, home]);
  useRegisterCommands(commands, { appWide: true });

  return null;
};

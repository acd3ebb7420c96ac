import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { type ComponentType, Suspense, useState } from 'react';
import { Icon } from '@/components/Icon';
import { focusRing } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';
import { useSession } from '@/platform/session';
import { useLogout } from '@/platform/useLogout';

/** The profile form (the security feature's, handed in by the app; lazy, so drawn in Suspense). */
export type TProfileDialog = ComponentType<{ open: boolean; onClose: () => void }>;

const initials = (name: string): string =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => [...part][0] ?? '')
    .join('')
    .toUpperCase();

/** The signed-in user's menu: their name and role, 'My profile' (a dialog) and 'Logout'. */
export const UserMenu = ({ profileDialog: ProfileDialog }: { profileDialog: TProfileDialog }) => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  const logout = useLogout();
  const [profileOpen, setProfileOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <Menu>
        <MenuButton
          className={`flex items-center gap-2 rounded-md py-1 pr-2 pl-1 text-slate-700 text-sm hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`}
        >
          <span
            aria-hidden="true"
            className="flex size-7 items-center justify-center rounded-full bg-primary-700 font-semibold text-white text-xs dark:bg-primary-400 dark:text-slate-950"
          >
            {initials(user.name)}
          </span>
          <span className="hidden max-w-40 truncate font-medium sm:inline">{user.name}</span>
          <span className="sr-only sm:hidden">{user.name}</span>
          <span className="sr-only">{LL.layout.userMenu()}</span>
          <Icon name="chevronDown" className="size-4 text-slate-400" />
        </MenuButton>
        <MenuItems
          anchor="bottom end"
          className="z-50 mt-1 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="border-slate-100 border-b px-3 py-2 dark:border-slate-800">
            <p className="truncate font-semibold text-slate-900 text-sm dark:text-slate-50">{user.name}</p>
            <p className="truncate text-slate-500 text-xs dark:text-slate-400">
              {user.roles[0]?.roleName ?? user.username}
            </p>
          </div>
          <MenuItem>
            <button
              type="button"
              onClick={() => setProfileOpen(true)}
              className="mt-1 flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-slate-700 text-sm data-focus:bg-slate-100 dark:text-slate-200 dark:data-focus:bg-slate-800"
            >
              <Icon name="user" className="size-4" />
              {LL.profile.title()}
            </button>
          </MenuItem>
          <MenuItem>
            <button
              type="button"
              onClick={() => void logout()}
              className="mt-1 flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-slate-700 text-sm data-focus:bg-slate-100 dark:text-slate-200 dark:data-focus:bg-slate-800"
            >
              <Icon name="logout" className="size-4" />
              {LL.layout.logout()}
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
      {profileOpen && (
        <Suspense fallback={null}>
          <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </>
  );
};

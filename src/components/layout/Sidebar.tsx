import {
  CloseButton,
  Disclosure,
  DisclosureButton,
  DisclosurePanel,
  Popover,
  PopoverButton,
  PopoverPanel,
} from '@headlessui/react';
import { useAtom } from 'jotai';
import { useEffect, useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { AppLink } from '@/components/AppLink';
import { Icon } from '@/components/Icon';
import { Tooltip } from '@/components/Tooltip';
import { focusRing } from '@/components/ui';
import { logoWidthExpanded, logoWidthMini } from '@/domain/constants';
import { isMenuGroup, sidebarMenu, type TMenuEntry, type TMenuGroup } from '@/domain/sidebarMenu';
import { translate } from '@/domain/translate';
import { useI18nContext } from '@/i18n/i18n-react';
import { localizedPath, stripLocalePrefix } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useIsWide } from '@/platform/useMediaQuery';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { useAppName } from '@/platform/useSetup';
import { sidebarMiniAtom } from '@/state/ui';
import { AppLogo } from './AppLogo';
import { filterMenu, isEntryActive } from './filterMenu';

export const sidebarId = 'app-sidebar';
export const sidebarToggleId = 'app-sidebar-toggle';

const entryClass = (active: boolean, mini: boolean) =>
  `group flex items-center rounded-md text-sm ${focusRing} ${mini ? 'mx-auto size-10 justify-center' : 'mx-2 gap-3 px-3 py-2'} ${
    active
      ? 'bg-primary-50 font-semibold text-primary-800 dark:bg-primary-900/60 dark:text-primary-100'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
  }`;

const EntryLink = ({ entry, mini, active }: { entry: TMenuEntry; mini: boolean; active: boolean }) => {
  const locale = useRouteLocale();
  const title = translate(entry.title, locale);
  return (
    <Tooltip label={title} enabled={mini}>
      <AppLink
        to={localizedPath(locale, entry.to)}
        aria-current={active ? 'page' : undefined}
        className={entryClass(active, mini)}
      >
        <Icon name={entry.icon} className="size-5 shrink-0" />
        <span className={mini ? 'sr-only' : 'truncate'}>{title}</span>
      </AppLink>
    </Tooltip>
  );
};

/** A group in the mini sidebar: an icon that opens a fly-out with the group's entries. */
const MiniGroup = ({ group, activePath }: { group: TMenuGroup; activePath: string }) => {
  const locale = useRouteLocale();
  const title = translate(group.title, locale);
  const active = group.children.some((child) => isEntryActive(child, activePath));
  return (
    <Popover>
      {({ open }) => (
        <>
          <Tooltip label={title} enabled={!open}>
            <PopoverButton aria-label={title} className={entryClass(active, true)}>
              <Icon name={group.icon} className="size-5" />
            </PopoverButton>
          </Tooltip>
          <PopoverPanel
            anchor={{ to: 'right start', gap: 8 }}
            className="z-50 w-60 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            <p className="px-3 pt-2 pb-1 font-semibold text-slate-500 text-xs dark:text-slate-400">{title}</p>
            <ul>
              {group.children.map((child) => {
                const childActive = isEntryActive(child, activePath);
                return (
                  <li key={child.key}>
                    <CloseButton
                      as={Link}
                      to={localizedPath(locale, child.to)}
                      aria-current={childActive ? 'page' : undefined}
                      className={`flex items-center gap-3 rounded-md px-3 py-2 text-sm ${focusRing} ${
                        childActive
                          ? 'bg-primary-50 font-semibold text-primary-800 dark:bg-primary-900/60 dark:text-primary-100'
                          : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
                      }`}
                    >
                      <Icon name={child.icon} className="size-4 shrink-0" />
                      <span className="truncate">{translate(child.title, locale)}</span>
                    </CloseButton>
                  </li>
                );
              })}
            </ul>
          </PopoverPanel>
        </>
      )}
    </Popover>
  );
};

/** A group in the expanded sidebar: a collapsible section, open by default. */
const ExpandedGroup = ({ group, activePath }: { group: TMenuGroup; activePath: string }) => {
  const locale = useRouteLocale();
  return (
    <Disclosure defaultOpen>
      {({ open }) => (
        <>
          <DisclosureButton
            className={`mx-2 flex w-[calc(100%-1rem)] items-center gap-3 rounded-md px-3 py-2 text-left text-[0.8rem] text-slate-500 font-semibold hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800 ${focusRing}`}
          >
            <Icon name={group.icon} className="size-4 shrink-0" />
            <span className="flex-1 truncate">{translate(group.title, locale)}</span>
            <Icon name="chevronDown" className={`size-4 transition-transform ${open ? '' : '-rotate-90'}`} />
          </DisclosureButton>
          <DisclosurePanel as="ul" className="mb-1 space-y-0.5 pl-3">
            {group.children.map((child) => (
              <li key={child.key}>
                <EntryLink entry={child} mini={false} active={isEntryActive(child, activePath)} />
              </li>
            ))}
          </DisclosurePanel>
        </>
      )}
    </Disclosure>
  );
};

/**
 * The sidebar of spec section 2, filtered by permission. Mini (56 px, icons with tooltips, groups as
 * fly-outs) or expanded (256 px). Below 1264 px it is a drawer over the page, hidden until the
 * menu button opens it.
 */
export const Sidebar = () => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  const [mini, setMini] = useAtom(sidebarMiniAtom);
  const wide = useIsWide();
  const location = useLocation();
  const locale = useRouteLocale();
  const appName = useAppName();
  const items = useMemo(() => filterMenu(sidebarMenu, user), [user]);
  const activePath = stripLocalePrefix(location.pathname);
  const overlay = !wide && !mini;
  // Below the mobile breakpoint a closed sidebar is not even a rail of icons: the page gets the width.
  const hidden = !wide && mini;

  // On a narrow screen the drawer closes after choosing a page, and on Escape (the focus goes back
  // to the menu button); opening it puts the focus on its first entry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    if (!wide) setMini(true);
  }, [location.pathname]);
  useEffect(() => {
    if (!overlay) return;
    document.querySelector<HTMLElement>(`#${sidebarId} nav a, #${sidebarId} nav button`)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMini(true);
      document.getElementById(sidebarToggleId)?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [overlay, setMini]);

  const logoSize = mini ? logoWidthMini : logoWidthExpanded;
  return (
    <>
      {overlay ? (
        <div
          className="fixed inset-0 z-30 bg-slate-900/40 dark:bg-black/60"
          aria-hidden="true"
          onClick={() => setMini(true)}
        />
      ) : null}
      <aside
        id={sidebarId}
        hidden={hidden}
        className={`fixed inset-y-0 left-0 z-40 flex-col ${hidden ? 'hidden' : 'flex'} border-slate-200 border-r bg-white transition-[width] duration-150 dark:border-slate-800 dark:bg-slate-900 ${
          mini ? 'w-sidebar-mini' : 'w-sidebar'
        } ${overlay ? 'shadow-2xl' : ''}`}
      >
        <div
          className={`flex shrink-0 items-center justify-center border-slate-100 border-b dark:border-slate-800 ${mini ? 'h-14' : 'py-4'}`}
        >
          <Link
            to={localizedPath(locale, '/')}
            aria-label={LL.layout.home()}
            className={`rounded-md ${focusRing}`}
          >
            <AppLogo size={logoSize} alt={appName} />
          </Link>
        </div>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: only links are acted on, and Enter on a link clicks it */}
        <nav
          aria-label={LL.layout.mainNavigation()}
          // The drawer closes on choosing an entry, the page it is on included.
          onClick={(event) => {
            if (overlay && (event.target as HTMLElement).closest('a')) setMini(true);
          }}
          className="flex-1 overflow-y-auto overflow-x-hidden py-3"
        >
          <ul className="space-y-0.5">
            {items.map((item) => (
              <li key={item.key}>
                {isMenuGroup(item) ? (
                  mini ? (
                    <MiniGroup group={item} activePath={activePath} />
                  ) : (
                    <ExpandedGroup group={item} activePath={activePath} />
                  )
                ) : (
                  <EntryLink entry={item} mini={mini} active={isEntryActive(item, activePath)} />
                )}
              </li>
            ))}
          </ul>
        </nav>
      </aside>
    </>
  );
};

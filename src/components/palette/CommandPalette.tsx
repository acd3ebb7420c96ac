import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Command } from 'cmdk';
import { getDefaultStore, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '@/components/Icon';
import type { TClientResource } from '@/components/resource/resourceArea';
import { kbd } from '@/components/ui';
import { isoLocale } from '@/domain/locale';
import { useI18nContext } from '@/i18n/i18n-react';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { paletteDraftAtom, paletteOpenAtom, paletteReadyAtom, paletteScopeAtom } from '@/state/ui';
import { commandsAtom } from './commandRegistry';
import { modifierKeyLabel } from './keys';
import { palettePlaceholder } from './palettePlaceholder';
import { buildPaletteSections, type TPaletteItem, type TPaletteSectionKey } from './paletteSections';
import { destinationPath, readRecent } from './recentDestinations';
import { searchableResources, useMenuSearch, useRecordSearch } from './usePaletteSearch';
import { rememberForUser } from './useRecentDestination';

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-700 data-[disabled=true]:cursor-not-allowed data-[selected=true]:bg-primary-50 data-[selected=true]:text-primary-900 dark:text-slate-200 dark:data-[selected=true]:bg-primary-900/70 dark:data-[selected=true]:text-white';

const groupClass =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-500 [&_[cmdk-group-heading]]:text-xs dark:[&_[cmdk-group-heading]]:text-slate-400';

const spinner = (
  <span className="size-3 shrink-0 animate-spin rounded-full border-2 border-primary-600 border-t-transparent dark:border-primary-300 dark:border-t-transparent" />
);

/**
 * The command palette, the keyboard-first way to work: Ctrl/Cmd+K or the top bar's search box
 * opens it. With nothing typed it lists the pages and records opened last, then the actions of the
 * screens in view; typing finds Pages (menu search and page commands), Actions and Records (the
 * record search of resources marked `recordSearch`), in Khmer or English whatever the interface
 * language. The record on screen's own actions come first (a locked one listed, disabled, with why).
 * Arrows move, Enter runs, Esc closes and focus goes back where it was. The app hands in the
 * features' client resources (components import no feature).
 */
export const CommandPalette = ({ resources }: { resources: readonly TClientResource[] }) => {
  const { LL } = useI18nContext();
  const [open, setOpen] = useAtom(paletteOpenAtom);
  const [scope, setScope] = useAtom(paletteScopeAtom);
  const { status, user } = useSession();
  const signedIn = status === 'signedIn';
  const username = user?.username;
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const commands = useAtomValue(commandsAtom);
  // What the stand-in (PaletteLauncher) took while this loaded: the palette starts from it.
  const [search, setSearch] = useState(() => getDefaultStore().get(paletteDraftAtom));
  const setReady = useSetAtom(paletteReadyAtom);
  const setDraft = useSetAtom(paletteDraftAtom);
  useEffect(() => {
    setReady(true);
    setDraft('');
  }, [setReady, setDraft]);
  const [selected, setSelected] = useState('');
  const query = open ? search : '';
  // Read each time the palette opens (pages remember themselves as they show), before its first
  // paint so that the newest is selected; the page on screen is left out: Recent is where the user
  // was before.
  const here = destinationPath(useLocation().pathname);
  const recent = useMemo(
    () =>
      open && username && typeof localStorage !== 'undefined'
        ? readRecent(localStorage, username).filter((destination) => destination.path !== here)
        : [],
    [open, username, here],
  );
  const menu = useMenuSearch(query);
  const searchable = useMemo(
    () =>
      searchableResources(resources, user).filter((resource) => !scope || resource.definition.name === scope),
    [resources, user, scope],
  );
  const records = useRecordSearch(query, searchable);

  useEffect(() => {
    if (!signedIn) setOpen(false);
  }, [signedIn, setOpen]);

  const close = useCallback(() => {
    setOpen(false);
    setScope(null);
    setSearch('');
    setSelected('');
  }, [setOpen, setScope]);

  const sections = useMemo(
    () =>
      buildPaletteSections({
        query,
        locale,
        recent,
        commands,
        menu: menu.hits,
        records: records.hits,
      }),
    [query, locale, recent, commands, menu.hits, records.hits],
  );
  const values = useMemo(
    () => sections.flatMap((section) => section.items.map((item) => item.value)),
    [sections],
  );
  const firstValue = values[0] ?? '';

  // Opening, or a new text, selects the first entry; results arriving later keep the selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening or a new text moves the selection
  useEffect(() => {
    setSelected(firstValue);
  }, [query, open]);
  useEffect(() => {
    if (!values.includes(selected)) setSelected(firstValue);
  }, [values, selected, firstValue]);

  const choose = (item: TPaletteItem) => {
    // Locked: listed for its reason; Enter on it runs nothing (nor anything else).
    if (item.lockedReason) return;
    close();
    if (item.remember) rememberForUser(username, item.remember);
    if (item.path) navigate(localizedPath(locale, item.path));
    else item.command?.perform();
  };

  const headings: Record<TPaletteSectionKey, string> = {
    record: LL.palette.thisRecord(),
    recent: LL.palette.recent(),
    pages: LL.palette.pages(),
    actions: LL.palette.actions(),
    records: LL.palette.records(),
  };
  const searching = menu.loading || records.loading;
  const modifier = modifierKeyLabel();

  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-[70] outline-none">
      <div
        className="fixed inset-0 bg-slate-900/40 backdrop-blur-[1px] dark:bg-black/60"
        aria-hidden="true"
      />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[12vh]">
        <DialogPanel className="w-full max-w-xl overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900">
          <DialogTitle className="sr-only">{LL.palette.label()}</DialogTitle>
          <Command
            label={LL.palette.label()}
            shouldFilter={false}
            loop
            vimBindings={false}
            value={selected}
            onValueChange={setSelected}
          >
            <div className="flex items-center gap-2 border-slate-200 border-b px-4 dark:border-slate-700">
              <Icon name="search" className="size-5 shrink-0 text-slate-400" />
              {/* cmdk's own search stays empty (its input's roles and keys kept, the text ours): on a
                  new text cmdk selects its first enabled entry itself, which passed over this
                  record's locked decision to the work queue's next match. We list and select. */}
              <Command.Input asChild value="">
                <input
                  data-autofocus
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  placeholder={palettePlaceholder(LL, scope)}
                  maxLength={100}
                  className="h-12 w-full bg-transparent text-base text-slate-900 outline-none placeholder:text-slate-400 dark:text-slate-100"
                />
              </Command.Input>
              {/* The records say so in the list, where they will appear. */}
              {searching && !records.loading ? spinner : null}
              <kbd className={kbd}>Esc</kbd>
            </div>
            {/* Outside the list: a listbox may hold options and groups only (axe aria-required-children). */}
            {!searching ? (
              <Command.Empty className="px-3 pt-6 pb-2 text-center text-slate-500 text-sm dark:text-slate-400">
                {LL.palette.empty()}
              </Command.Empty>
            ) : null}
            <Command.List className="max-h-[min(60vh,460px)] overflow-y-auto p-2">
              {sections.map((section) => (
                <Command.Group key={section.key} heading={headings[section.key]} className={groupClass}>
                  {section.items.map((item) => (
                    <Command.Item
                      key={item.value}
                      value={item.value}
                      disabled={item.lockedReason !== undefined}
                      aria-describedby={item.lockedReason ? `${item.value}-locked` : undefined}
                      onSelect={() => choose(item)}
                      className={itemClass}
                    >
                      <Icon name={item.icon} className="size-4 shrink-0 text-slate-400" />
                      <span className="min-w-0 flex-1 truncate">{item.title}</span>
                      {item.lockedReason ? (
                        // Its description, not part of its name (read once, after it).
                        <span
                          id={`${item.value}-locked`}
                          aria-hidden="true"
                          className="min-w-0 max-w-[55%] text-amber-800 text-xs dark:text-amber-300"
                        >
                          {item.lockedReason}
                        </span>
                      ) : null}
                      {item.secondary ? (
                        <span
                          lang={item.secondaryLocale ? isoLocale(item.secondaryLocale) : undefined}
                          className="min-w-0 max-w-[45%] truncate text-slate-500 text-xs dark:text-slate-400"
                        >
                          {item.secondary}
                        </span>
                      ) : null}
                      {item.shortcut ? (
                        <span className="flex shrink-0 gap-1" aria-hidden="true">
                          {item.shortcut.map((key) => (
                            <kbd key={key} className={kbd}>
                              {key}
                            </kbd>
                          ))}
                        </span>
                      ) : null}
                    </Command.Item>
                  ))}
                </Command.Group>
              ))}
              {records.loading ? (
                <Command.Loading>
                  <p className="flex items-center gap-2 px-3 py-2 text-slate-500 text-sm dark:text-slate-400">
                    {spinner}
                    {LL.palette.searchingRecords()}
                  </p>
                </Command.Loading>
              ) : menu.loading && values.length === 0 ? (
                <Command.Loading>
                  <p className="px-3 py-2 text-slate-500 text-sm dark:text-slate-400">
                    {LL.palette.searching()}
                  </p>
                </Command.Loading>
              ) : null}
            </Command.List>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-slate-200 border-t px-4 py-2 text-slate-500 text-xs dark:border-slate-700 dark:text-slate-400">
              <span className="flex items-center gap-1">
                <kbd className={kbd}>↑</kbd>
                <kbd className={kbd}>↓</kbd> {LL.palette.moveHint()}
              </span>
              <span className="flex items-center gap-1">
                <kbd className={kbd}>Enter</kbd> {LL.palette.selectHint()}
              </span>
              <span className="flex items-center gap-1">
                <kbd className={kbd}>{modifier}</kbd>
                <kbd className={kbd}>K</kbd> {LL.palette.toggleHint()}
              </span>
            </div>
          </Command>
        </DialogPanel>
      </div>
    </Dialog>
  );
};

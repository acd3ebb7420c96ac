import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Command } from 'cmdk';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { useNavigate } from 'react-router';
import { isAbortError } from '@/api/errors';
import { searchMenu, type TMenuSearchResult } from '@/api/searchMenu';
import { localizedPath, otherLocale } from '@/app/localePath';
import { useSession } from '@/app/session';
import { useRouteLocale } from '@/app/useRouteLocale';
import { Icon } from '@/components/Icon';
import { kbd } from '@/components/ui';
import { isoLocale } from '@/domain/locale';
import { translate } from '@/domain/translatable';
import { useI18nContext } from '@/i18n/i18n-react';
import { paletteClosedAtAtom, paletteOpenAtom } from '@/state/ui';
import { commandMatches, commandsAtom, type TCommand } from './commandRegistry';
import { modifierKeyLabel } from './keys';

/** How long typing must pause before the menu search is sent. */
const searchDebounceMs = 150;

/** Results of `/admin/search-menu` for the typed text; a newer text cancels the older request. */
const useMenuSearch = (search: string) => {
  const [results, setResults] = useState<TMenuSearchResult[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    const text = search.trim();
    if (!text) {
      setResults([]);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = window.setTimeout(() => {
      searchMenu(text, controller.signal)
        .then((found) => setResults(found))
        .catch((error: unknown) => {
          // Menu search failure is not shown (spec section 8).
          if (!isAbortError(error)) setResults([]);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, searchDebounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [search]);
  return { results, loading, clear: () => setResults([]) };
};

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-700 data-[selected=true]:bg-primary-50 data-[selected=true]:text-primary-900 dark:text-slate-200 dark:data-[selected=true]:bg-primary-900/70 dark:data-[selected=true]:text-white';

const groupClass =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-500 [&_[cmdk-group-heading]]:text-xs dark:[&_[cmdk-group-heading]]:text-slate-400';

/**
 * The command palette: Ctrl/Cmd+K or the top bar's search box opens it. Pages come from the menu
 * search; actions from the command registry. Everything works from the keyboard: arrows move,
 * Enter runs, Esc closes and focus goes back where it was.
 */
export const CommandPalette = () => {
  const { LL } = useI18nContext();
  const [open, setOpen] = useAtom(paletteOpenAtom);
  const setClosedAt = useSetAtom(paletteClosedAtAtom);
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const commands = useAtomValue(commandsAtom);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState('');
  const { results, loading, clear } = useMenuSearch(open ? search : '');

  useHotkeys(
    'ctrl+k, meta+k',
    () => setOpen((current) => !current),
    { enabled: signedIn, enableOnFormTags: true, preventDefault: true },
    [signedIn],
  );

  useEffect(() => {
    if (!signedIn) setOpen(false);
  }, [signedIn, setOpen]);

  const close = useCallback(() => {
    setOpen(false);
    setSearch('');
    setSelected('');
    clear();
    setClosedAt(Date.now());
  }, [setOpen, clear, setClosedAt]);

  const visibleCommands = useMemo(
    () => commands.filter((command) => commandMatches(command, search)),
    [commands, search],
  );
  const commandGroups = useMemo(() => {
    const groups = new Map<string, TCommand[]>();
    for (const command of visibleCommands)
      groups.set(command.group, [...(groups.get(command.group) ?? []), command]);
    return [...groups.entries()];
  }, [visibleCommands]);

  // Keep the first entry selected whenever the list changes (results arrive asynchronously).
  const firstValue =
    results.length > 0
      ? `page-${results[0].id}`
      : visibleCommands[0]
        ? `command-${visibleCommands[0].id}`
        : '';
  useEffect(() => {
    setSelected(firstValue);
  }, [firstValue]);

  const openPage = (result: TMenuSearchResult) => {
    navigate(localizedPath(locale, result.to));
    close();
  };

  const runCommand = (command: TCommand) => {
    close();
    command.perform();
  };

  const other = otherLocale(locale);
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
              <Command.Input
                data-autofocus
                value={search}
                onValueChange={setSearch}
                placeholder={LL.palette.placeholder()}
                maxLength={100}
                className="h-12 w-full bg-transparent text-base text-slate-900 outline-none placeholder:text-slate-400 dark:text-slate-100"
              />
              <kbd className={kbd}>Esc</kbd>
            </div>
            <Command.List className="max-h-[min(60vh,420px)] overflow-y-auto p-2">
              {loading && results.length === 0 ? (
                <Command.Loading>
                  <p className="px-3 py-2 text-slate-500 text-sm dark:text-slate-400">
                    {LL.palette.searching()}
                  </p>
                </Command.Loading>
              ) : null}
              {!loading ? (
                <Command.Empty className="px-3 py-6 text-center text-slate-500 text-sm dark:text-slate-400">
                  {LL.palette.empty()}
                </Command.Empty>
              ) : null}
              {results.length > 0 ? (
                <Command.Group heading={LL.palette.pages()} className={groupClass}>
                  {results.map((result) => {
                    const title = translate(result.menu_title, locale);
                    const secondary = translate(result.menu_title, other);
                    return (
                      <Command.Item
                        key={result.id}
                        value={`page-${result.id}`}
                        onSelect={() => openPage(result)}
                        className={itemClass}
                      >
                        <Icon name="arrowRight" className="size-4 shrink-0 text-slate-400" />
                        <span className="min-w-0 flex-1 truncate">{title}</span>
                        {secondary && secondary !== title ? (
                          <span
                            lang={isoLocale(other)}
                            className="truncate text-slate-500 text-xs dark:text-slate-400"
                          >
                            {secondary}
                          </span>
                        ) : null}
                      </Command.Item>
                    );
                  })}
                </Command.Group>
              ) : null}
              {commandGroups.map(([group, list]) => (
                <Command.Group key={group} heading={group} className={groupClass}>
                  {list.map((command) => (
                    <Command.Item
                      key={command.id}
                      value={`command-${command.id}`}
                      onSelect={() => runCommand(command)}
                      className={itemClass}
                    >
                      <Icon name={command.icon ?? 'command'} className="size-4 shrink-0 text-slate-400" />
                      <span className="min-w-0 flex-1 truncate">{command.title}</span>
                      {command.shortcut ? (
                        <span className="flex gap-1">
                          {command.shortcut.map((key) => (
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

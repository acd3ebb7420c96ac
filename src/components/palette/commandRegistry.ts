import { atom, useSetAtom } from 'jotai';
import { useEffect, useId, useState } from 'react';
import type { TTranslatable } from '@/domain/translatable';
import { matchRank } from './match';

/** Where the palette lists a command: under Pages (it goes somewhere) or Actions (it does something). */
export type TCommandKind = 'page' | 'action';

/**
 * Commands the palette offers besides page search. Any screen registers its own while it is
 * mounted (`useRegisterCommands`), e.g. a list page's 'New child record'; they disappear with it.
 */
export type TCommand = {
  id: string;
  /** Shown text, already in the current language. */
  title: string;
  /** Pages or Actions; 'action' when absent. */
  kind?: TCommandKind;
  /** @deprecated ignored: the palette groups commands by `kind`. */
  group?: string;
  /** More words that find it, in both languages (`bothLanguages`), whatever the interface language. */
  keywords?: string[];
  /** A page's target without the locale prefix: a page found twice (menu search too) shows once. */
  path?: string;
  /** A page's title in both languages: the other one is shown beside it. */
  titles?: TTranslatable;
  icon?: string;
  /** Keys shown next to it, e.g. ['g', 'h']. */
  shortcut?: string[];
  /**
   * One of the record on screen's own actions: listed first (under 'This record') whatever other
   * entries the typed text finds, so Enter acts on this record and not on one the work queue names.
   */
  record?: boolean;
  /**
   * Why this user may not take it now (four-eyes...): it stays listed, disabled, with the reason,
   * rather than vanishing and letting Enter run whatever ranks next.
   */
  lockedReason?: string;
  perform: () => void;
};

/** One component's commands; `sequence` says when it first registered (mounted). */
export type TRegistration = { sequence: number; appWide: boolean; commands: TCommand[] };

const registrationsAtom = atom<Record<string, TRegistration>>({});

/**
 * Every registered command: the screen's own first (in the order its parts mounted), the app-wide
 * ones last, the same order however often any of them registers again.
 */
export const orderedCommands = (registrations: Record<string, TRegistration>): TCommand[] =>
  Object.values(registrations)
    .sort((a, b) => Number(a.appWide) - Number(b.appWide) || a.sequence - b.sequence)
    .flatMap((registration) => registration.commands);

export const commandsAtom = atom((get) => orderedCommands(get(registrationsAtom)));

let lastSequence = 0;

/**
 * Registers `commands` while the calling component is mounted; memoise the list in the caller.
 * `appWide` ones (theme, logout...) are listed after the actions of the screen in view.
 */
export const useRegisterCommands = (commands: TCommand[], { appWide = false } = {}): void => {
  const owner = useId();
  const [sequence] = useState(() => ++lastSequence);
  const setRegistrations = useSetAtom(registrationsAtom);
  useEffect(() => {
    setRegistrations((current) => ({ ...current, [owner]: { sequence, appWide, commands } }));
    return () =>
      setRegistrations((current) => {
        const { [owner]: _removed, ...rest } = current;
        return rest;
      });
  }, [owner, sequence, appWide, commands, setRegistrations]);
};

/** Whether the typed text finds a command by its title or keywords (see `matchRank`). */
export const commandMatches = (command: Pick<TCommand, 'title' | 'keywords'>, search: string): boolean =>
  matchRank(command.title, command.keywords ?? [], search) !== null;

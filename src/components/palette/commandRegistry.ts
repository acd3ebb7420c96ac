import { atom, useSetAtom } from 'jotai';
import { useEffect, useId } from 'react';

/**
 * Commands the palette offers besides page search. Any screen registers its own while it is
 * mounted (`useRegisterCommands`), e.g. a list page's 'New child record'; they disappear with it.
 */
export type TCommand = {
  id: string;
  /** Shown text, already in the current language. */
  title: string;
  /** Heading the command is listed under, already in the current language. */
  group: string;
  keywords?: string[];
  icon?: string;
  /** Keys shown next to it, e.g. ['g', 'h']. */
  shortcut?: string[];
  perform: () => void;
};

const registrationsAtom = atom<Record<string, TCommand[]>>({});

/** Every registered command, in registration order. */
export const commandsAtom = atom((get) => Object.values(get(registrationsAtom)).flat());

/** Registers `commands` while the calling component is mounted; memoise the list in the caller. */
export const useRegisterCommands = (commands: TCommand[]): void => {
  const owner = useId();
  const setRegistrations = useSetAtom(registrationsAtom);
  useEffect(() => {
    setRegistrations((current) => ({ ...current, [owner]: commands }));
    return () =>
      setRegistrations((current) => {
        const { [owner]: _removed, ...rest } = current;
        return rest;
      });
  }, [owner, commands, setRegistrations]);
};

/** Case-insensitive match of the typed text against a command's title and keywords. */
export const commandMatches = (command: Pick<TCommand, 'title' | 'keywords'>, search: string): boolean => {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [command.title, ...(command.keywords ?? [])].some((text) =>
    text.toLocaleLowerCase().includes(needle),
  );
};

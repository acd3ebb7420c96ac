import { describe, expect, it } from 'vitest';
import { commandMatches, orderedCommands } from './commandRegistry';

describe('commandMatches', () => {
  const command = { title: 'Toggle theme', keywords: ['dark', 'ប្ដូរពណ៌ភ្លឺ/ងងឹត'] };

  it('lists every command when nothing is typed', () => {
    expect(commandMatches(command, '')).toBe(true);
    expect(commandMatches(command, '   ')).toBe(true);
  });

  it('matches the title and keywords without regard to case, in either script', () => {
    expect(commandMatches(command, 'THEME')).toBe(true);
    expect(commandMatches(command, 'theme toggle')).toBe(true);
    expect(commandMatches(command, 'dark')).toBe(true);
    expect(commandMatches(command, 'ងងឹត')).toBe(true);
    expect(commandMatches(command, 'logout')).toBe(false);
  });
});

describe('orderedCommands', () => {
  const command = (id: string) => ({ id, title: id, perform: () => undefined });

  it("lists the screen's commands first, in the order its parts mounted, then the app-wide ones", () => {
    const registrations = {
      form: { sequence: 9, appWide: false, commands: [command('save'), command('delete')] },
      app: { sequence: 8, appWide: true, commands: [command('toggle-theme'), command('logout')] },
      card: { sequence: 12, appWide: false, commands: [command('deactivate')] },
      pages: { sequence: 1, appWide: true, commands: [command('open-user')] },
    };
    expect(orderedCommands(registrations).map((item) => item.id)).toEqual([
      'save',
      'delete',
      'deactivate',
      'open-user',
      'toggle-theme',
      'logout',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { commandMatches } from './commandRegistry';

describe('commandMatches', () => {
  const command = { title: 'Toggle theme', keywords: ['dark', 'ពណ៌'] };

  it('lists every command when nothing is typed', () => {
    expect(commandMatches(command, '')).toBe(true);
    expect(commandMatches(command, '   ')).toBe(true);
  });

  it('matches the title and keywords without regard to case, in either script', () => {
    expect(commandMatches(command, 'THEME')).toBe(true);
    expect(commandMatches(command, 'dark')).toBe(true);
    expect(commandMatches(command, 'ពណ៌')).toBe(true);
    expect(commandMatches(command, 'logout')).toBe(false);
  });
});

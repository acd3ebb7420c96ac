import { describe, expect, it } from 'vitest';
import { byRank, matchRank, normalizeText } from './match';

describe('normalizeText', () => {
  it('lowers case, drops zero-width spaces and turns punctuation into single spaces', () => {
    expect(normalizeText('  Light/Dark  THEME ')).toBe('light dark theme');
    expect(normalizeText('ខេត្ត/រាជធានី')).toBe('ខេត្ត រាជធានី');
    expect(normalizeText('អ្នក\u200bប្រើប្រាស់')).toBe('អ្នកប្រើប្រាស់');
    expect(normalizeText('User · admin')).toBe('user admin');
  });
});

describe('matchRank', () => {
  const newUser = { title: 'New user', others: ['បង្កើតអ្នកប្រើប្រាស់ថ្មី', 'New user'] };
  const rank = (query: string, title = newUser.title, others = newUser.others) =>
    matchRank(title, others, query);

  it('matches everything at the top when nothing is typed', () => {
    expect(rank('')).toBe(0);
    expect(rank('   ')).toBe(0);
  });

  it('finds an English title whatever the case, and every typed word in any order', () => {
    expect(rank('new user')).toBe(0);
    expect(rank('NEW')).toBe(0);
    expect(rank('user new')).not.toBeNull();
    expect(rank('user')).toBe(2);
    expect(rank('new role')).toBeNull();
    expect(rank('logout')).toBeNull();
  });

  it('finds a Khmer keyword while the title is English, with or without spaces between Khmer words', () => {
    expect(rank('បង្កើត')).toBe(1);
    expect(rank('អ្នកប្រើប្រាស់')).toBe(3);
    expect(rank('បង្កើត អ្នកប្រើប្រាស់')).toBe(1);
    expect(rank('បង្កើតអ្នកប្រើប្រាស់')).toBe(1);
    expect(rank('អ្នក\u200bប្រើប្រាស់')).toBe(3);
    expect(rank('តួនាទី')).toBeNull();
  });

  it('finds an English keyword while the title is Khmer', () => {
    const title = 'បង្កើតអ្នកប្រើប្រាស់ថ្មី';
    expect(rank('new user', title)).toBe(1);
    expect(rank('user', title)).toBe(2);
    expect(rank('users', title)).toBeNull();
  });

  it('treats a slash as a space between words, in Khmer and in English', () => {
    expect(matchRank('ខេត្ត/រាជធានី', ['Provinces'], 'រាជធានី')).toBe(2);
    expect(matchRank('ខេត្ត/រាជធានី', ['Provinces'], 'ខេត្ត រាជធានី')).toBe(0);
    expect(matchRank('Toggle light/dark theme', [], 'dark')).toBe(2);
  });

  it('ranks a title that starts with the text before one that only contains it', () => {
    const items = [
      { name: 'Go to the home page', rank: matchRank('Go to the home page', [], 'home') ?? 9 },
      { name: 'Home', rank: matchRank('Home', [], 'home') ?? 9 },
    ];
    expect(byRank(items).map((item) => item.name)).toEqual(['Home', 'Go to the home page']);
  });
});

describe('byRank', () => {
  it('keeps the given order among equal ranks', () => {
    const items = [
      { id: 'a', rank: 2 },
      { id: 'b', rank: 0 },
      { id: 'c', rank: 2 },
      { id: 'd', rank: 0 },
    ];
    expect(byRank(items).map((item) => item.id)).toEqual(['b', 'd', 'a', 'c']);
  });
});

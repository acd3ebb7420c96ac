import { describe, expect, it } from 'vitest';
import {
  localeFromPathname,
  localizedPath,
  localizedRoutePaths,
  otherLocale,
  stripLocalePrefix,
  switchLocalePath,
} from './localePath';

describe('locale path helpers', () => {
  it('reads the locale from the prefix; unprefixed means Khmer', () => {
    expect(localeFromPathname('/en/security/role')).toBe('en');
    expect(localeFromPathname('/en')).toBe('en');
    expect(localeFromPathname('/kh/login')).toBe('kh');
    expect(localeFromPathname('/security/role')).toBe('kh');
    expect(localeFromPathname('/')).toBe('kh');
    expect(localeFromPathname('/english/x')).toBe('kh');
  });

  it('strips the prefix', () => {
    expect(stripLocalePrefix('/en/security/role')).toBe('/security/role');
    expect(stripLocalePrefix('/en')).toBe('/');
    expect(stripLocalePrefix('/kh/')).toBe('/');
    expect(stripLocalePrefix('/security/role')).toBe('/security/role');
    expect(stripLocalePrefix('/')).toBe('/');
  });

  it('builds locale-prefixed paths; the home of a locale has no trailing slash', () => {
    expect(localizedPath('en', '/')).toBe('/en');
    expect(localizedPath('kh', '/adoptive-matching')).toBe('/kh/adoptive-matching');
    expect(localizedPath('en', 'reports/child')).toBe('/en/reports/child');
  });

  it('lists the three forms of every route', () => {
    expect(localizedRoutePaths('/')).toEqual(['/', '/kh', '/en']);
    expect(localizedRoutePaths('/security/role/edit/:id?')).toEqual([
      '/security/role/edit/:id?',
      '/kh/security/role/edit/:id?',
      '/en/security/role/edit/:id?',
    ]);
  });

  it('switches the language of the same page, keeping query and hash', () => {
    expect(switchLocalePath({ pathname: '/security/role', search: '?page=2', hash: '#x' }, 'en')).toBe(
      '/en/security/role?page=2#x',
    );
    expect(switchLocalePath({ pathname: '/en' }, 'kh')).toBe('/kh');
    expect(otherLocale('kh')).toBe('en');
    expect(otherLocale('en')).toBe('kh');
  });
});

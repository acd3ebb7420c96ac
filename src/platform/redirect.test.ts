import { describe, expect, it } from 'vitest';
import { sanitizeRedirect } from './redirect';

describe('sanitizeRedirect', () => {
  it('keeps a path of this site', () => {
    expect(sanitizeRedirect('/en/adoptive-child/child?page=2')).toBe('/en/adoptive-child/child?page=2');
    expect(sanitizeRedirect('/')).toBe('/');
  });

  it.each([
    ['empty', ''],
    ['missing', null],
    ['relative', 'security/role'],
    ['absolute URL', 'https://evil.example/'],
    ['protocol-relative', '//evil.example/'],
    ['backslash trick', '/\\evil.example'],
    ['control character', '/x\n//evil'],
  ])('ignores a %s redirect', (_label, value) => {
    expect(sanitizeRedirect(value)).toBeNull();
  });
});

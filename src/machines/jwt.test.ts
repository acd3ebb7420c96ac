import { describe, expect, it } from 'vitest';
import { decodeTokenExpiryMs, isTokenExpired } from './jwt';

const base64Url = (text: string): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const tokenWith = (payload: unknown): string =>
  `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;

describe('decodeTokenExpiryMs', () => {
  it('reads exp in milliseconds', () => {
    expect(decodeTokenExpiryMs(tokenWith({ sub: '1', exp: 1_800_000_000 }))).toBe(1_800_000_000_000);
  });

  it('decodes base64url payloads with - and _ and UTF-8 text (a Khmer name)', () => {
    // '?>?' encodes to base64 with '/' and '+', which base64url writes as '_' and '-'.
    const token = tokenWith({ name: 'សុខ ?>? ~~~', exp: 1_700_000_000 });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(decodeTokenExpiryMs(token)).toBe(1_700_000_000_000);
  });

  it.each([
    ['null', null],
    ['empty', ''],
    ['not a JWT', 'abc'],
    ['four parts', 'a.b.c.d'],
    ['payload not base64', 'a.!!!.c'],
    ['payload not JSON', `a.${base64Url('not json')}.c`],
    ['payload JSON but not an object', `a.${base64Url('42')}.c`],
    ['no exp', tokenWith({ sub: '1' })],
    ['exp not a number', tokenWith({ exp: '1800000000' })],
  ])('answers null for %s', (_label, token) => {
    expect(decodeTokenExpiryMs(token)).toBeNull();
  });
});

describe('isTokenExpired', () => {
  const expMs = 1_800_000_000_000;
  const token = tokenWith({ exp: expMs / 1000 });

  it.each([
    ['well before exp', expMs - 60_000, false],
    ['501 ms before exp', expMs - 501, false],
    ['500 ms before exp (the skew)', expMs - 500, true],
    ['at exp', expMs, true],
    ['after exp', expMs + 1, true],
  ])('%s: expired = %s', (_label, nowMs, expired) => {
    expect(isTokenExpired(token, nowMs)).toBe(expired);
  });

  it('treats a missing or unreadable token as expired', () => {
    expect(isTokenExpired(null, 0)).toBe(true);
    expect(isTokenExpired(undefined, 0)).toBe(true);
    expect(isTokenExpired('garbage', 0)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { createAddressEcho } from './addressEcho';

describe('a list address: its own writes or news', () => {
  it('takes its own writes handed back as echoes, and another address as news', () => {
    const echo = createAddressEcho('page=1');
    expect(echo.write('page=2')).toBe(true);
    expect(echo.arrived('page=2', false)).toBe(false);
    expect(echo.arrived('page=3', false)).toBe(true);
  });

  it('takes two writes handed back as one render (the first skipped) as echoes', () => {
    const echo = createAddressEcho('page=1');
    echo.write('search=a');
    echo.write('search=ab');
    expect(echo.arrived('search=ab', false)).toBe(false);
    // Neither stays pending: coming back to the first later is news.
    expect(echo.arrived('page=1', true)).toBe(true);
    expect(echo.arrived('search=a', false)).toBe(true);
  });

  it('does not write the address it already has: Enter on a search already made, then back and forward', () => {
    const echo = createAddressEcho('page=2');
    expect(echo.write('search=x')).toBe(true);
    expect(echo.arrived('search=x', false)).toBe(false);
    // Enter: the same view again, nothing to write (the router would hand nothing back).
    expect(echo.write('search=x')).toBe(false);
    expect(echo.arrived('page=1', true)).toBe(true);
    // Forward to the search: the list must show it.
    expect(echo.arrived('search=x', true)).toBe(true);
  });

  it('takes a step through the history as news even when it lands on a write still pending', () => {
    const echo = createAddressEcho('page=1');
    echo.write('page=2');
    echo.write('page=1');
    // The router handed back page=1 only (page=1 -> page=2 -> page=1 in one render): no change seen.
    expect(echo.arrived('page=1', false)).toBe(false);
    expect(echo.arrived('page=2', true)).toBe(true);
  });

  it('compares against the latest write still pending, not only the last address heard', () => {
    const echo = createAddressEcho('page=1');
    expect(echo.write('page=2')).toBe(true);
    expect(echo.write('page=1')).toBe(true);
    expect(echo.write('page=1')).toBe(false);
  });
});

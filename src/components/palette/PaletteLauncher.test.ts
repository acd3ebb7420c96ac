import { describe, expect, it } from 'vitest';
import { isPaletteKey } from './PaletteLauncher';

const key = (overrides: Partial<Parameters<typeof isPaletteKey>[0]>) => ({
  key: 'k',
  code: 'KeyK',
  ctrlKey: true,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  isComposing: false,
  ...overrides,
});

describe('isPaletteKey', () => {
  it('is Ctrl+K or ⌘K, on a Latin or a Khmer keyboard layout', () => {
    expect(isPaletteKey(key({}))).toBe(true);
    expect(isPaletteKey(key({ ctrlKey: false, metaKey: true }))).toBe(true);
    // A Khmer layout's K key types 'ក': found by its place.
    expect(isPaletteKey(key({ key: 'ក' }))).toBe(true);
  });

  it('is not K alone, another modifier, another key, nor a key an input method composes', () => {
    expect(isPaletteKey(key({ ctrlKey: false }))).toBe(false);
    expect(isPaletteKey(key({ shiftKey: true }))).toBe(false);
    expect(isPaletteKey(key({ altKey: true }))).toBe(false);
    expect(isPaletteKey(key({ key: 'j', code: 'KeyJ' }))).toBe(false);
    expect(isPaletteKey(key({ isComposing: true }))).toBe(false);
  });
});

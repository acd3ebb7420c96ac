/** How the modifier of Ctrl/Cmd+K is written on this machine. */
export const isApplePlatform = (): boolean =>
  typeof navigator !== 'undefined' && /mac|iphone|ipad|ipod/i.test(navigator.platform || navigator.userAgent);

export const modifierKeyLabel = (): string => (isApplePlatform() ? '⌘' : 'Ctrl');

/**
 * A file's size as people read it: decimal units (1 MB = 1,000,000 bytes), the same units the upload
 * rules are stated in ('less than 2 MB', 'less than 10 MB'), so a 2.1 MB photo is seen as too big.
 */
const units = [
  { unit: 'MB', bytes: 1_000_000 },
  { unit: 'KB', bytes: 1_000 },
] as const;

/** `bytes` as a number and a unit: at most one decimal from KB up, whole bytes below. */
export const fileSizeParts = (bytes: number): { value: number; unit: 'B' | 'KB' | 'MB' } => {
  const safe = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  for (const { unit, bytes: size } of units) {
    // 999,950 bytes rounds to 1,000.0 KB: shown as 1 MB instead.
    if (safe >= size * 0.99995) return { value: Math.round((safe / size) * 10) / 10, unit };
  }
  return { value: Math.round(safe), unit: 'B' };
};

/** `1.5 MB`, `820 KB`, `12 B`, with the locale's digits and decimal sign (`km` or `en`). */
export const formatFileSize = (bytes: number, locale: string): string => {
  const { value, unit } = fileSizeParts(bytes);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  return `${number} ${unit}`;
};

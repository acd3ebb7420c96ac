/**
 * A kebab-case name as a dictionary key: `confirm-adoption` → `confirmAdoption`. The workflows'
 * API action names (`accept-parents-adoption`) are kebab-case; their words are kept under camelCase
 * keys. A name without a dash (`MATCHED`, `international`) stays as it is.
 */
export const camelCaseKey = (name: string): string =>
  name.replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase());

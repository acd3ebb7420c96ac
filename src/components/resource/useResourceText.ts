import { useCallback, useMemo } from 'react';
import { useI18nContext } from '@/i18n/i18n-react';

type TLabelBook = Record<string, (() => string) | undefined>;
type TOptionBook = Record<string, Record<string, (() => string) | undefined> | undefined>;
type TResourceBook = Record<string, { one: () => string; many: () => string } | undefined>;

/** Labels of a described resource, its fields and its options, in the current language. */
export const useResourceText = (name: string) => {
  const { LL } = useI18nContext();
  // LL is a proxy that answers '' for a key it lacks: fall back on the key itself.
  const labelOf = useCallback((key: string) => (LL.fields as unknown as TLabelBook)[key]?.() || key, [LL]);
  const optionLabel = useCallback(
    (key: string, value: string) => (LL.options as unknown as TOptionBook)[key]?.[value]?.() || value,
    [LL],
  );
  const names = (LL.resources as unknown as TResourceBook)[name];
  return useMemo(
    () => ({ labelOf, optionLabel, one: names?.one() || name, many: names?.many() || name, LL }),
    [labelOf, optionLabel, names, name, LL],
  );
};

import { useCallback, useMemo } from 'react';
import { useI18nContext } from '@/i18n/i18n-react';
import { wordOf } from '@/i18n/wordOf';

/** Labels of a described resource, its fields and its options, in the current language. */
export const useResourceText = (name: string) => {
  const { LL } = useI18nContext();
  // LL is a proxy that answers '' for a key it lacks: fall back on the key itself.
  const labelOf = useCallback((key: string) => wordOf(LL.fields, key)?.() || key, [LL]);
  const optionLabel = useCallback(
    (key: string, value: string) => wordOf(wordOf(LL.options, key), value)?.() || value,
    [LL],
  );
  const names = wordOf(LL.resources, name);
  return useMemo(
    () => ({ labelOf, optionLabel, one: names?.one() || name, many: names?.many() || name, LL }),
    [labelOf, optionLabel, names, name, LL],
  );
};

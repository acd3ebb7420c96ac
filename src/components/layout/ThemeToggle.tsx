import { useAtomValue, useSetAtom } from 'jotai';
import { Icon } from '@/components/Icon';
import { iconButton } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';
import { darkModeAtom, toggleDarkModeAtom } from '@/state/ui';

/** Light/dark toggle, for everyone; its label says what pressing it does. */
export const ThemeToggle = () => {
  const { LL } = useI18nContext();
  const dark = useAtomValue(darkModeAtom);
  const toggle = useSetAtom(toggleDarkModeAtom);
  const label = dark ? LL.layout.themeToLight() : LL.layout.themeToDark();
  return (
    <button type="button" className={iconButton} aria-label={label} title={label} onClick={toggle}>
      <Icon name={dark ? 'sun' : 'moon'} />
    </button>
  );
};

/** Dark mode is the `dark` class on <html> (tailwind custom variant); the flag lives in localStorage. */
export const darkModeStorageKey = 'ui.darkMode';

export const applyDarkMode = (dark: boolean): void => {
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
};

/** Read before the first render, so a dark-mode user never sees a white flash. */
export const storedDarkMode = (): boolean => {
  try {
    return JSON.parse(localStorage.getItem(darkModeStorageKey) ?? 'false') === true;
  } catch {
    return false;
  }
};

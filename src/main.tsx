import '@fontsource/noto-sans-khmer/400.css';
import '@fontsource/noto-sans-khmer/600.css';
import '@fontsource/noto-sans-khmer/700.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { loadRouteDictionary } from './platform/i18n/runtime';
import { localeFromPathname } from './platform/localePath';
import { applyDarkMode, storedDarkMode } from './platform/theme';

applyDarkMode(storedDarkMode());
// Khmer is in this download; an English page waits for its dictionary so its first paint is English.
// If it cannot load (offline, a new release), the page starts in Khmer and tries again on its own.
await loadRouteDictionary(localeFromPathname(window.location.pathname)).catch((error: unknown) =>
  console.error('[i18n] the dictionary did not load', error),
);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

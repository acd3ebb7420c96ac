import type { TRouteLocale } from './locale';

/**
 * The months' names, written here rather than asked of the browser: Chromium without Khmer locale
 * data named the Khmer report's months in English. The Khmer names are the date field's calendar's
 * (date-fns' `km` locale, src/components/form/DateInput.tsx); the English ones en-GB's short names.
 */
export const monthNames: Record<TRouteLocale, readonly string[]> = {
  kh: ['មករា', 'កុម្ភៈ', 'មីនា', 'មេសា', 'ឧសភា', 'មិថុនា', 'កក្កដា', 'សីហា', 'កញ្ញា', 'តុលា', 'វិច្ឆិកា', 'ធ្នូ'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};

/** `2025-11` → 'វិច្ឆិកា 2025' or 'Nov 2025' (years in the digits every date of the app uses). */
export const monthLabel = (month: string, locale: TRouteLocale): string => {
  const [year, number] = month.split('-');
  return `${monthNames[locale][Number(number) - 1] ?? month} ${year}`;
};

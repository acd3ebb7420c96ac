import { type ComponentType, createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import TypesafeI18n from '@/i18n/i18n-react';
import type { Locales } from '@/i18n/i18n-types';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import { LoadState } from './LoadState';

loadAllLocales();
/** The provider, its children given the canonical way (its props type asks for them as a prop). */
const I18nProvider = TypesafeI18n as ComponentType<{ locale: Locales; children?: ReactNode }>;

const render = (props: Parameters<typeof LoadState>[0], locale: 'en' | 'km' = 'en') =>
  renderToStaticMarkup(createElement(I18nProvider, { locale }, createElement(LoadState, props)));
const base = { failedText: 'The history could not be loaded.', onRetry: () => {} };

describe('LoadState', () => {
  it('says it is loading in a polite live line, busy until the content comes', () => {
    const html = render({ ...base, state: 'loading' });
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('>Loading...</p>');
    expect(
      render({ ...base, state: 'loading', loadingText: 'Finding who can be matched...', spinner: true }),
    ).toContain('animate-spin');
  });

  it('says the failure as an alert, with a Try again button kept off paper, in each language', () => {
    const html = render({ ...base, state: 'failed', spacing: 'py-2' });
    expect(html).toContain('role="alert"');
    expect(html).toContain('py-2');
    expect(html).toContain('The history could not be loaded.');
    expect(html).toMatch(/<button type="button" class="[^"]*print:hidden[^"]*">.*Try again<\/button>/);
    expect(render({ ...base, state: 'failed' }, 'km')).toContain('ព្យាយាមម្ដងទៀត');
  });

  it('shows the content once loaded, and nothing of its own', () => {
    const html = render({ ...base, state: 'ready', children: () => createElement('table', null, 'rows') });
    expect(html).toBe('<table>rows</table>');
  });
});

import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to show its heading (a lazy screen, a record loading). */
const headingWaitMs = 5000;

/**
 * Whether the page already put the focus where the person works (a field, a dialog, the palette's
 * stand-in marked `data-keeps-focus`).
 */
const focusTakenByPage = (main: HTMLElement): boolean => {
  const active = document.activeElement;
  if (!active || active === document.body || active === main) return false;
  return main.contains(active) || active.closest('[role="dialog"], [data-keeps-focus]') !== null;
};

/**
 * After a navigation inside the app the focus moves to the new page's heading (its first h1 in
 * `main`), so a screen reader announces where the person now is and Tab continues from the page,
 * not from the link left behind in the sidebar. Not on the first load (the browser starts at the top
 * and reads the title) and not when only the query changes (a list's page, sort or filter), nor when
 * the page focused something itself (a form's first field, a dialog).
 */
export const useFocusHeadingOnNavigation = (mainId = 'main') => {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(mainId);
    if (!main) return;
    const focusHeading = (): boolean => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!focusTakenByPage(main)) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    // The old page's heading may still be there for a moment: wait for the new page to render.
    let observer: MutationObserver | undefined;
    const frame = requestAnimationFrame(() => {
      if (focusHeading()) return;
      observer = new MutationObserver(() => {
        if (focusHeading()) observer?.disconnect();
      });
      observer.observe(main, { childList: true, subtree: true });
    });
    const timeout = window.setTimeout(() => observer?.disconnect(), headingWaitMs);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      window.clearTimeout(timeout);
    };
  }, [pathname, mainId]);
};

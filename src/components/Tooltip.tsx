import { type ReactNode, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * A visual tooltip to the right of its child, on hover and on keyboard focus. It is only visual:
 * the child carries its own accessible name. Rendered in a portal so a scrolling sidebar cannot
 * clip it.
 */
export const Tooltip = ({
  label,
  children,
  enabled = true,
}: {
  label: string;
  children: ReactNode;
  enabled?: boolean;
}) => {
  const anchor = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const show = () => {
    const rect = anchor.current?.getBoundingClientRect();
    if (rect) setPosition({ top: rect.top + rect.height / 2, left: rect.right + 8 });
  };
  const hide = () => setPosition(null);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only follows its child's hover and focus
    <div
      ref={anchor}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape') hide();
      }}
      onClick={hide}
    >
      {children}
      {enabled && position
        ? createPortal(
            <span
              aria-hidden="true"
              style={{ top: position.top, left: position.left }}
              className="-translate-y-1/2 pointer-events-none fixed z-[80] whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 font-medium text-white text-xs shadow-lg dark:bg-slate-100 dark:text-slate-900"
            >
              {label}
            </span>,
            document.body,
          )
        : null}
    </div>
  );
};

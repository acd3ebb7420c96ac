import type { ReactNode } from 'react';
import { Icon } from '@/components/Icon';

/** The frame every error view shares: an icon, a heading, an optional message and actions. */
export const ErrorView = ({
  icon,
  code,
  title,
  message,
  children,
  tone = 'neutral',
}: {
  icon: string;
  code?: string;
  title: string;
  message?: ReactNode;
  children?: ReactNode;
  tone?: 'neutral' | 'error';
}) => (
  <section
    aria-labelledby="error-view-title"
    className="mx-auto flex max-w-xl flex-col items-center px-6 py-16 text-center"
    data-testid="error-view"
  >
    <div
      className={`mb-5 flex size-16 items-center justify-center rounded-full ${
        tone === 'error'
          ? 'bg-error-light text-error dark:bg-red-950/60 dark:text-red-300'
          : 'bg-primary-50 text-primary-700 dark:bg-primary-900/60 dark:text-primary-200'
      }`}
    >
      <Icon name={icon} data-icon={icon} className="size-8" />
    </div>
    {code ? (
      <p className="mb-1 font-semibold text-slate-500 text-sm tracking-widest dark:text-slate-400">{code}</p>
    ) : null}
    <h1 id="error-view-title" className="font-semibold text-2xl text-slate-900 dark:text-slate-50">
      {title}
    </h1>
    {message ? <p className="mt-3 text-slate-600 dark:text-slate-300">{message}</p> : null}
    {children ? (
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3">{children}</div>
    ) : null}
  </section>
);

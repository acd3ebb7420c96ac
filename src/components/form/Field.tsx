import type { ReactNode } from 'react';
import { errorTextClass, labelClass } from './fieldStyles';

export type TFieldProps = {
  id: string;
  label: string;
  required?: boolean;
  requiredLabel: string;
  error?: string;
  hint?: string;
  children: ReactNode;
  className?: string;
};

/** A labelled field with its error under it (spec section 5: the message shows under its field). */
export const Field = ({
  id,
  label,
  required,
  requiredLabel,
  error,
  hint,
  children,
  className,
}: TFieldProps) => (
  <div className={className}>
    <label htmlFor={id} className={labelClass}>
      {label}
      {required ? (
        <span className="ml-0.5 text-error" title={requiredLabel}>
          *
        </span>
      ) : null}
    </label>
    {children}
    {error ? (
      <p id={`${id}-error`} className={errorTextClass} role="alert">
        {error}
      </p>
    ) : hint ? (
      <p id={`${id}-hint`} className="mt-1 text-slate-500 text-xs dark:text-slate-400">
        {hint}
      </p>
    ) : null}
  </div>
);

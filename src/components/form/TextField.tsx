import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from './Field';
import { inputClass } from './fieldStyles';

type TTextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  id: string;
  label: string;
  required?: boolean;
  requiredLabel: string;
  error?: string;
  hint?: string;
  /** The wrapper's classes (e.g. a grid span). */
  className?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled text input with its error (or hint) under it, wired for screen readers. */
export const TextField = ({
  id,
  label,
  required,
  requiredLabel,
  error,
  hint,
  className,
  ...input
}: TTextFieldProps) => (
  <Field
    id={id}
    label={label}
    required={required}
    requiredLabel={requiredLabel}
    error={error}
    hint={hint}
    className={className}
  >
    <input
      id={id}
      className={`${inputClass(Boolean(error))} ${input.readOnly ? 'bg-slate-50 text-slate-600 dark:bg-slate-800 dark:text-slate-300' : ''}`}
      aria-invalid={Boolean(error)}
      aria-describedby={error ? `${id}-error` : undefined}
      {...input}
    />
  </Field>
);

import type { InputHTMLAttributes, Ref } from 'react';
import { Field, type TFieldProps } from './Field';
import { inputStateProps } from './fieldStyles';

/** The field's props (`className`: the wrapper's classes, e.g. a grid span) and the input's. */
type TTextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> &
  Omit<TFieldProps, 'children'> & { ref?: Ref<HTMLInputElement> };

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
}: TTextFieldProps) => {
  const state = inputStateProps(id, error);
  return (
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
        {...state}
        className={`${state.className} ${input.readOnly ? 'bg-slate-50 text-slate-600 dark:bg-slate-800 dark:text-slate-300' : ''}`}
        {...input}
      />
    </Field>
  );
};

import type { Control, FieldValues, UseFormRegister } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import type { TFieldDef } from '@/domain/resource';
import { useI18nContext } from '@/i18n/i18n-react';
import { Field } from './Field';
import { LookupCombobox } from './LookupCombobox';
import { LookupSelect } from './LookupSelect';
import { TextField } from './TextField';

/** The kinds drawn here: a choice from a lookup list, and the one-line inputs. */
export type TDescribedFieldKind = Extract<TFieldDef['kind'], 'lookup' | 'text' | 'number' | 'password'>;

/**
 * One field of a react-hook-form form drawn from its description (`TFieldDef`): a lookup (a select,
 * or a searchable picker for a long list) or a one-line input, with its label, required mark and
 * the message under it. The resource form and the list's bulk-action dialog both draw their fields
 * here, so a field checks, searches and answers the keyboard the same in either.
 */
export const DescribedField = ({
  field,
  id,
  label,
  error,
  hint,
  required = field.required,
  readOnly = field.readOnly,
  control,
  register,
  parentValue,
  waitingText,
  onLookupChange,
  input,
}: {
  field: TFieldDef & { kind: TDescribedFieldKind };
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  readOnly?: boolean;
  control: Control<FieldValues>;
  register: UseFormRegister<FieldValues>;
  /** A cascaded lookup's parent value (its options wait for it). */
  parentValue?: unknown;
  /** What a cascaded lookup says while its parent is not chosen. */
  waitingText?: string;
  /** After a lookup's choice changed (the form empties the choices that depended on it). */
  onLookupChange?: () => void;
  /** The one-line input's own attributes (`min`, `max`, `autoComplete`). */
  input?: { min?: number; max?: number; step?: number; autoComplete?: string };
}) => {
  const { LL } = useI18nContext();
  const common = { id, label, required, requiredLabel: LL.form.requiredMark() };
  if (field.kind === 'lookup') {
    return (
      <Field {...common} error={error} hint={hint}>
        <Controller
          control={control}
          name={field.key}
          render={({ field: controlled }) => {
            const props = {
              id,
              lookup: field.lookup ?? { path: '' },
              value: controlled.value as number | null,
              parentValue,
              invalid: Boolean(error),
              waitingText: waitingText ?? LL.form.choose(),
              onBlur: controlled.onBlur,
              onChange: (value: number | null) => {
                controlled.onChange(value);
                onLookupChange?.();
              },
            };
            return field.lookup?.search ? (
              <LookupCombobox {...props} placeholder={LL.lookup.searchToChoose()} inputRef={controlled.ref} />
            ) : (
              <LookupSelect {...props} placeholder={LL.form.choose()} selectRef={controlled.ref} />
            );
          }}
        />
      </Field>
    );
  }
  return (
    <TextField
      {...common}
      readOnly={readOnly}
      error={error}
      hint={hint}
      type={field.kind === 'number' ? 'number' : field.kind === 'password' ? 'password' : 'text'}
      {...input}
      {...register(field.key)}
    />
  );
};

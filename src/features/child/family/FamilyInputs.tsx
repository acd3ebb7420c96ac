import type { ReactNode } from 'react';
import { DateInput } from '@/components/form/DateInput';
import { Field } from '@/components/form/Field';
import { inputStateProps } from '@/components/form/fieldStyles';
import { useI18nContext } from '@/i18n/i18n-react';
import { familyFieldId } from './familyLabels';

/**
 * The family editor's controlled inputs: a label, the input and its message under it, each
 * found by the field's path (`father.givenName`), so a failed check can move the focus there.
 */
type TCommon = {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  hint?: string;
  className?: string;
};

/** What every control of a family field carries: its id, state and message. */
type TControlProps = {
  id: string;
  'aria-required': true | undefined;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  className: string;
};

/** The label, hint and message around one control, which gets its id and state from here. */
const FamilyField = ({
  path,
  label,
  error,
  required,
  hint,
  className,
  children,
}: Omit<TCommon, 'value' | 'onChange'> & { children: (control: TControlProps) => ReactNode }) => {
  const { LL } = useI18nContext();
  const id = familyFieldId(path);
  return (
    <Field
      id={id}
      label={label}
      required={required}
      requiredLabel={LL.form.requiredMark()}
      error={error}
      hint={hint}
      className={className}
    >
      {children({ ...inputStateProps(id, error), 'aria-required': required || undefined })}
    </Field>
  );
};

export const FamilyTextInput = ({
  value,
  onChange,
  type = 'text',
  max,
  maxLength,
  inputMode,
  autoComplete = 'off',
  ...field
}: TCommon & {
  type?: 'text' | 'tel';
  max?: string;
  maxLength?: number;
  inputMode?: 'tel' | 'text';
  autoComplete?: string;
}) => (
  <FamilyField {...field}>
    {(control) => (
      <input
        {...control}
        type={type}
        value={value}
        max={max}
        maxLength={maxLength}
        inputMode={inputMode}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.target.value)}
      />
    )}
  </FamilyField>
);

export const FamilySelect = <T extends string>({
  value,
  onChange,
  options,
  ...field
}: TCommon & { options: readonly { value: T; label: string }[] }) => {
  const { LL } = useI18nContext();
  return (
    <FamilyField {...field}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{LL.form.choose()}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FamilyField>
  );
};

export const FamilyTextarea = ({
  value,
  onChange,
  rows = 2,
  maxLength,
  ...field
}: TCommon & { rows?: number; maxLength?: number }) => (
  <FamilyField {...field}>
    {(control) => (
      <textarea
        {...control}
        value={value}
        rows={rows}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    )}
  </FamilyField>
);

/** A family member's date: the shared dd-mm-yyyy field with its calendar. */
export const FamilyDateInput = ({ value, onChange, max, ...field }: TCommon & { max?: string }) => (
  <FamilyField {...field}>
    {(control) => (
      <DateInput
        id={control.id}
        value={value}
        onChange={onChange}
        max={max}
        invalid={control['aria-invalid']}
        describedBy={control['aria-describedby']}
        required={control['aria-required']}
      />
    )}
  </FamilyField>
);

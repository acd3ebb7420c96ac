import { Field } from '@/components/form/Field';
import { inputClass } from '@/components/form/fieldStyles';
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

const describedBy = (id: string, error?: string) => (error ? `${id}-error` : undefined);

export const FamilyTextInput = ({
  path,
  label,
  value,
  onChange,
  error,
  required,
  hint,
  className,
  type = 'text',
  max,
  maxLength,
  inputMode,
  autoComplete = 'off',
}: TCommon & {
  type?: 'text' | 'date' | 'tel';
  max?: string;
  maxLength?: number;
  inputMode?: 'tel' | 'text';
  autoComplete?: string;
}) => {
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
      <input
        id={id}
        type={type}
        value={value}
        max={max}
        maxLength={maxLength}
        inputMode={inputMode}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, error)}
        className={inputClass(Boolean(error))}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
};

export const FamilySelect = <T extends string>({
  path,
  label,
  value,
  onChange,
  error,
  required,
  hint,
  className,
  options,
}: TCommon & { options: readonly { value: T; label: string }[] }) => {
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
      <select
        id={id}
        value={value}
        aria-required={required || undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, error)}
        className={inputClass(Boolean(error))}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{LL.form.choose()}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
};

export const FamilyTextarea = ({
  path,
  label,
  value,
  onChange,
  error,
  hint,
  className,
  rows = 2,
  maxLength,
}: TCommon & { rows?: number; maxLength?: number }) => {
  const { LL } = useI18nContext();
  const id = familyFieldId(path);
  return (
    <Field
      id={id}
      label={label}
      requiredLabel={LL.form.requiredMark()}
      error={error}
      hint={hint}
      className={className}
    >
      <textarea
        id={id}
        value={value}
        rows={rows}
        maxLength={maxLength}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, error)}
        className={inputClass(Boolean(error))}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
};

import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './Field';
import { inputStateProps } from './fieldStyles';

type TLanguage = 'kh' | 'en';
const languages: readonly TLanguage[] = ['kh', 'en'];

/**
 * A name in both languages: one fieldset (its legend for screen readers) with a Khmer and an
 * English box side by side, each with its own label and message. Box ids are `${id}-kh`, `${id}-en`.
 */
export const TranslatableInputs = ({
  id,
  label,
  labelOf,
  required,
  requiredLabel,
  errors,
  register,
  autoFocus = false,
}: {
  id: string;
  label: string;
  labelOf: (language: TLanguage) => string;
  required?: boolean;
  requiredLabel: string;
  errors: Partial<Record<string, { message?: string }>> | undefined;
  register: (language: TLanguage) => UseFormRegisterReturn;
  /** The Khmer box takes the focus (the first field of a dialog). */
  autoFocus?: boolean;
}) => (
  <fieldset className="sm:col-span-2">
    <legend className="sr-only">{label}</legend>
    <div className="grid gap-4 sm:grid-cols-2">
      {languages.map((language) => {
        const boxId = `${id}-${language}`;
        const error = errors?.[language]?.message;
        return (
          <Field
            key={language}
            id={boxId}
            label={labelOf(language)}
            required={required}
            requiredLabel={requiredLabel}
            error={error}
          >
            <input
              {...inputStateProps(boxId, error)}
              lang={language === 'kh' ? 'km' : 'en'}
              autoFocus={autoFocus && language === 'kh'}
              {...register(language)}
            />
          </Field>
        );
      })}
    </div>
  </fieldset>
);

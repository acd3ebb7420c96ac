import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { TRuleMessages } from '@/domain/rules';
import { validateWithLabels } from './formErrors';

/**
 * A react-hook-form resolver that checks the body a form would send with its zod schema and words
 * each message with the field's label; `more` adds what the schema cannot see (a confirmation that
 * must match, a field this record makes required). Any error keeps the values from the submit.
 */
export const labelledResolver =
  <TValues extends FieldValues>(check: {
    schema: z.ZodType;
    bodyOf: (values: TValues) => Record<string, unknown>;
    labelForPath: (path: string) => string;
    messages: TRuleMessages;
    more?: (values: TValues, errors: FieldErrors<FieldValues>) => void;
  }): Resolver<TValues> =>
  async (values) => {
    const errors = validateWithLabels(check.schema, check.bodyOf(values), check.labelForPath, check.messages);
    check.more?.(values, errors);
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<TValues> }
      : { values, errors: {} };
  };

import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { ruleMessage, type TRuleMessages } from '@/domain/rules';
import { messageField } from '@/platform/api/errors';

const valueAt = (root: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) =>
      value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined,
    root,
  );

/** Puts `error` at `a.b` of a nested react-hook-form errors object, keeping the first one. */
const setNested = (
  errors: Record<string, unknown>,
  path: string[],
  error: { type: string; message: string },
) => {
  let node = errors;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1];
  node[last] ??= error;
};

/**
 * Validates `values` with the resource's zod schema and gives each failed field the spec's message
 * (section 5) for its label: the same rules the server applies, worded for the person.
 */
export const validateWithLabels = (
  schema: z.ZodType,
  values: Record<string, unknown>,
  labelOf: (path: string) => string,
  messages: TRuleMessages,
): FieldErrors<FieldValues> => {
  const result = schema.safeParse(values);
  const errors: Record<string, unknown> = {};
  if (result.success) return errors as FieldErrors<FieldValues>;
  for (const issue of result.error.issues) {
    const path = issue.path.map(String);
    const value = valueAt(values, issue.path);
    // Nothing chosen or typed (an empty select, date or text) reads as 'required', whatever rule failed.
    const missing = value === undefined || value === null || value === '';
    const message = ruleMessage(issue as never, labelOf(path.join('.')), messages, missing);
    setNested(errors, path.length > 0 ? path : ['root'], { type: issue.code, message });
  }
  return errors as FieldErrors<FieldValues>;
};

/**
 * Server field errors (spec section 5): a message goes to the field whose name is its first word,
 * the first message per field; messages naming no field are returned for a form-level notice.
 */
export const placeServerErrors = (messages: string[], fieldNames: readonly string[]) => {
  const placed = new Map<string, string>();
  const unplaced: string[] = [];
  for (const message of messages) {
    const field = messageField(message);
    if (fieldNames.includes(field)) {
      if (!placed.has(field)) placed.set(field, message);
    } else {
      unplaced.push(message);
    }
  }
  return { placed, unplaced };
};

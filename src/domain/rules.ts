import { z } from 'zod';
import { isIsoDate } from '../machines/eventChecks';

/**
 * The reusable form rules of spec section 5 as zod pieces. Client forms and server routes validate
 * with the same schema; `ruleMessage` turns a failed rule into the spec's message for a label (the
 * client passes the field's label, the server the field's name, so the message starts with it).
 */
const isNotBlank = (value: string) => value.length === 0 || value.trim().length > 0;
/**
 * Text PostgreSQL can store: no NUL (text and jsonb refuse it) and no lone surrogate (it has no
 * UTF-8 form; jsonb refuses its escape, text would silently get U+FFFD). The server applies it to
 * every string of every request (server/plugins/validation.ts); forms get it through these rules.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
export const isStorableText = (value: string) => !/[\u0000\p{Surrogate}]/u.test(value);
const storable = { params: { rule: 'storableText' } } as const;
/** The largest id a PostgreSQL `integer` holds. */
export const maxDatabaseInt = 2_147_483_647;

/** Optional text up to `max` characters; whitespace-only is refused ('can not be blank'). */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .refine(isNotBlank, { params: { rule: 'notBlank' } })
    .refine(isStorableText, storable);

/** Required text: empty is 'required', whitespace-only is 'can not be blank'. */
export const requiredText = (max: number, min = 1) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine(isNotBlank, { params: { rule: 'notBlank' } })
    .refine(isStorableText, storable);

/** A number in [min, max] ('Number has to be between {min} and {max}'). */
export const numberBetween = (min: number, max: number) =>
  z.number().refine((value) => value >= min && value <= max, { params: { rule: 'range', min, max } });

/** A required choice from a lookup list (an id): 1 to the largest PostgreSQL `integer`. */
/**
 * A calendar day, yyyy-mm-dd. `format: date` is for the OpenAPI document only (validation is the
 * refine, whose message stays the field's 'invalid'): a client generated from it sends a real day.
 */
export const isoDay = () => z.string().refine(isIsoDate).meta({ format: 'date' });

/** A calendar day, yyyy-mm-dd (a workflow action's date); empty says 'required' only. */
export const requiredDay = () =>
  z
    .string()
    .min(1)
    .refine((value) => value.length === 0 || isIsoDate(value))
    .meta({ format: 'date' });

export const requiredId = () => z.number().int().positive().max(maxDatabaseInt);

/** An id as a path or query string sends it (text coerced to a number), 1 to the largest `integer`. */
export const idParam = () => z.coerce.number().int().positive().max(maxDatabaseInt);

/** The version a versioned write sends back (optimistic concurrency), a PostgreSQL `integer`. */
export const recordVersion = () => z.number().int().positive().max(maxDatabaseInt);

/** Text in both languages, both required (names of places and offices are shown in either). */
export const requiredTranslatable = (max: number) =>
  z.object({ kh: requiredText(max), en: requiredText(max) });

/** The message functions a locale provides (the `validation` namespace of the dictionaries). */
export type TRuleMessages = {
  required: (params: { label: string }) => string;
  minLength: (params: { label: string; n: unknown }) => string;
  maxLength: (params: { label: string; n: unknown }) => string;
  numberRange: (params: { min: unknown; max: unknown }) => string;
  notBlank: (params: { label: string }) => string;
  invalid: (params: { label: string }) => string;
  usernameChars: (params: { label: string }) => string;
  routePath: (params: { label: string }) => string;
  permissionName: (params: { label: string }) => string;
  storableText: (params: { label: string }) => string;
  /** A list of records longer than a request takes (a bulk action's ids). */
  maxRows?: (params: { label: string; n: unknown }) => string;
};

/** Custom rules whose message is their own key in `validation` (e.g. `params: { rule: 'routePath' }`). */
const namedRules = ['usernameChars', 'routePath', 'permissionName', 'storableText'] as const;

/** The parts of a zod issue (or its fastify-type-provider-zod copy) a message depends on. */
export type TIssueLike = {
  code: string;
  minimum?: unknown;
  maximum?: unknown;
  origin?: unknown;
  params?: { rule?: string; min?: unknown; max?: unknown };
};

/** The spec's message for one failed rule; `missing` is true when the value was absent. */
export const ruleMessage = (issue: TIssueLike, label: string, messages: TRuleMessages, missing: boolean) => {
  if (missing) return messages.required({ label });
  if (issue.code === 'custom' && issue.params?.rule === 'notBlank') return messages.notBlank({ label });
  const named = namedRules.find((rule) => rule === issue.params?.rule);
  if (issue.code === 'custom' && named) return messages[named]({ label });
  if (issue.code === 'custom' && issue.params?.rule === 'maxRows' && messages.maxRows) {
    return messages.maxRows({ label, n: issue.params.max });
  }
  if (issue.code === 'custom' && issue.params?.rule === 'range') {
    return messages.numberRange({ min: issue.params.min, max: issue.params.max });
  }
  if (issue.code === 'too_small' && (issue.origin === 'string' || issue.origin === 'array')) {
    return Number(issue.minimum) <= 1
      ? messages.required({ label })
      : messages.minLength({ label, n: issue.minimum });
  }
  if (issue.code === 'too_big' && (issue.origin === 'string' || issue.origin === 'array')) {
    return messages.maxLength({ label, n: issue.maximum });
  }
  return messages.invalid({ label });
};

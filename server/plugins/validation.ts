import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStorableText } from '../../src/domain/rules';

/**
 * Where the strings PostgreSQL cannot store sit in a request part: every value and every key, at
 * any depth (walked with a stack, so deep nesting cannot overflow). A bad key is reported on the
 * object that holds it, so the message names a field the client sent.
 */
const unstorablePaths = (root: unknown): (string | number)[][] => {
  const found: (string | number)[][] = [];
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop() as (typeof pending)[number];
    if (typeof value === 'string') {
      if (!isStorableText(value)) found.push(path);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        pending.push({ value: item, path: [...path, index] });
      });
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) found.push(path);
        pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return found;
};

/** Refuses NUL and lone surrogates anywhere in the input, each issue on its field (rule `storableText`). */
const ZStorableInput = z.any().superRefine((value, context) => {
  for (const path of unstorablePaths(value).reverse()) {
    context.addIssue({ code: 'custom', path, params: { rule: 'storableText' }, input: value });
  }
});

/**
 * fastify-type-provider-zod's validator, behind one check every route gets without asking: no string
 * of the body, query, params or headers holds what PostgreSQL refuses (NUL in text, an unpaired
 * surrogate, which has no UTF-8 form). Such input is a 400 naming the field, never a database
 * error, whatever the route's own schema says (a search, a username, a translatable name).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: ZStorableInput.pipe(route.schema) });

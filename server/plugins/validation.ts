import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStorableText } from '../../src/domain/rules';

/** A place in the input: its key and the place that holds it (paths are built only when reported). */
type TPlace = { key: string | number; parent: TPlace | null } | null;
const pathOf = (place: TPlace): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let at = place; at; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * Where the strings PostgreSQL cannot store sit in a request part: every value and every key, at
 * any depth, in linear time (walked with a stack and parent links, so 20,000 levels of nesting
 * neither overflow nor take quadratic time). A bad key is reported on the object that holds it,
 * so the message names a field the client sent.
 */
const unstorablePaths = (root: unknown): (string | number)[][] => {
  const found: (string | number)[][] = [];
  const pending: { value: unknown; place: TPlace }[] = [{ value: root, place: null }];
  while (pending.length > 0) {
    const { value, place } = pending.pop() as (typeof pending)[number];
    if (typeof value === 'string') {
      if (!isStorableText(value)) found.push(pathOf(place));
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        pending.push({ value: item, place: { key: index, parent: place } });
      });
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) found.push(pathOf(place));
        pending.push({ value: item, place: { key, parent: place } });
      }
    }
  }
  return found;
};

/** Refuses NUL and lone surrogates anywhere in a value, each issue on its field (rule `storableText`). */
const ZStorable = z.any().superRefine((value, context) => {
  for (const path of unstorablePaths(value).reverse()) {
    context.addIssue({ code: 'custom', path, params: { rule: 'storableText' }, input: value });
  }
});

/**
 * fastify-type-provider-zod's validator, followed by one check every route gets without asking: no
 * string of what the route's schema lets through (body, query, params, headers; values and keys)
 * holds what PostgreSQL refuses (NUL in text, an unpaired surrogate, which has no UTF-8 form). Such
 * input is a 400 naming the field, never a database error, whatever the route's own schema says
 * (a search, a username, a translatable name). It reads the parsed value, so a field the schema
 * drops is not held against the request and every message names a field the route knows.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: route.schema.pipe(ZStorable) });

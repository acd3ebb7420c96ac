import { get, set } from 'react-hook-form';
import type { z } from 'zod';
import type { TFieldDef } from '@/domain/resource';
import type { TWorkflowAction } from '@/domain/workflows/workflow';

/**
 * What an action dialog's form holds and sends, apart from the dialog: a field's key may be a
 * dotted path (`findings.health`), which the form keeps nested (react-hook-form's own paths) and
 * the body sends nested (`{ findings: { health } }`). Pure, so it is tested without a screen.
 */

/**
 * The body an action sends: its fields' values at their paths, plus the record's id when the body
 * asks for it (the spec's confirm-adoption body is `{ id, date }`). An optional field left empty
 * is not sent (the server then applies its default).
 */
export const workflowActionBody = (
  action: Pick<TWorkflowAction, 'body' | 'fields'>,
  recordId: number,
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> => {
  const body: Record<string, unknown> = {};
  if ('id' in action.body.shape) body.id = recordId;
  for (const field of action.fields) {
    const value = get(values, field.key) ?? '';
    if (value === '' && !field.required) continue;
    set(body, field.key, value);
  }
  return body;
};

/** The form's first values, nested at the fields' paths: `dayOf` gives a field's first day, '' otherwise. */
export const workflowActionDefaults = (
  fields: readonly TFieldDef[],
  dayOf: (field: TFieldDef) => string,
): Record<string, unknown> => {
  const values: Record<string, unknown> = {};
  for (const field of fields) set(values, field.key, field.kind === 'date' ? dayOf(field) : '');
  return values;
};

type TSchemaNode = z.ZodType & {
  shape?: Record<string, z.ZodType>;
  unwrap?: () => z.ZodType;
  maxLength?: number | null;
};

/** The schema at a dotted path of an object schema, past `.optional()` and `.nullable()`. */
const schemaAt = (schema: z.ZodType, path: string): TSchemaNode | undefined => {
  let node: TSchemaNode | undefined = schema as TSchemaNode;
  for (const key of path.split('.')) {
    while (node?.unwrap && !node.shape) node = node.unwrap() as TSchemaNode;
    node = node?.shape?.[key] as TSchemaNode | undefined;
  }
  while (node?.unwrap && node.maxLength === undefined) node = node.unwrap() as TSchemaNode;
  return node;
};

/** The longest text the body's schema takes at a field's path, for the input's own limit. */
export const actionMaxLength = (action: Pick<TWorkflowAction, 'body'>, key: string): number | undefined =>
  schemaAt(action.body, key)?.maxLength ?? undefined;

/** An element id for a field's path (`findings.health` → `findings-health`): no dot in a selector. */
export const fieldIdPart = (key: string) => key.replace(/\./g, '-');

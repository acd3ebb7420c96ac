import type { TranslationFunctions } from '../i18n/i18n-types';
import { wordOf } from '../i18n/wordOf';
import type { TFieldDef } from './resource';

/**
 * A workbook column's header in one language (issue 25), as the template heads it and the import
 * screen names it: the field's label, led by its section's when another field of `fields` shares
 * the label ('Birth – Province'). One rule for the server's template and checks and the screen.
 */
export const importColumnHeader = (
  fields: readonly TFieldDef[],
  field: TFieldDef,
  LL: TranslationFunctions,
): string => {
  const label = field.label ?? field.key;
  const text = wordOf(LL.fields, label)?.() || label;
  const shared = fields.filter((other) => (other.label ?? other.key) === label).length > 1;
  const section = field.section ? wordOf(LL.formSections, field.section)?.() : undefined;
  return shared && section ? `${section} – ${text}` : text;
};

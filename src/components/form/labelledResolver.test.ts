import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredText } from '@/domain/rules';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import { labelledResolver } from './labelledResolver';

loadAllLocales();
const options = {} as ResolverOptions<FieldValues>;
const labels: Record<string, string> = { password: 'Password', confirm: 'Confirm password' };
const resolver = labelledResolver<FieldValues>({
  schema: z.object({ password: requiredText(20) }),
  bodyOf: (values) => ({ password: values.password }),
  labelForPath: (path) => labels[path],
  messages: i18nObject('en').validation,
  more: (values, errors) => {
    if (!errors.password && values.confirm !== values.password) {
      errors.confirm = { type: 'match', message: 'differ' };
    }
  },
});

describe('labelledResolver', () => {
  it("checks the body with the schema, in the field's words, and keeps no values on an error", async () => {
    const result = await resolver({ password: '', confirm: '' }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors.password?.message).toBe('Password is required.');
    expect(result.errors.confirm).toBeUndefined();
  });

  it('adds what the schema cannot see, and answers the values when all holds', async () => {
    const differ = await resolver({ password: 'secret', confirm: 'other' }, undefined, options);
    expect(differ.errors.confirm).toEqual({ type: 'match', message: 'differ' });
    const values = { password: 'secret', confirm: 'secret' };
    expect(await resolver(values, undefined, options)).toEqual({ values, errors: {} });
  });
});

import { expect } from 'vitest';

/**
 * The token of a dry run's answer, once its status is checked with its body: a dry run that
 * answered something else says what (issue 38: a data-less answer once failed in CI as
 * 'cannot read token of undefined', which told nothing).
 */
export const tokenOf = (response: { statusCode: number; body: string; json: () => unknown }): string => {
  expect(response.statusCode, response.body).toBe(200);
  const { data } = response.json() as { data?: { token?: unknown } };
  expect(typeof data?.token, response.body).toBe('string');
  return data?.token as string;
};

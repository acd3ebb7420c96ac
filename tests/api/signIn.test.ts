import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPasswordCostForTests } from '../../server/auth/password';
import { users } from '../../server/db/schema';
import { adminPassword, createTestApp, type TTestApp, userPassword } from './testApp';

let t: TTestApp;
// The product's own scrypt cost here (the other API test files use a cheap one, see support/).
setPasswordCostForTests(undefined);

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('dara', ['adoptive_children:read']);
  await t.createUser('retired', ['adoptive_children:read'], { active: false });
});
afterAll(() => t?.close());

const signIn = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: payload as object, headers });

describe('POST /api/v1/auth/sign-in', () => {
  it('answers a token pair for the right credentials', async () => {
    const response = await signIn({ username: 'admin', password: adminPassword });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(Object.keys(data).sort()).toEqual(['accessToken', 'refreshToken']);
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/info',
      headers: t.bearer(data.accessToken),
    });
    expect(info.json().data.username).toBe('admin');
  });

  it('treats the username case-insensitively', async () => {
    const response = await signIn({ username: 'DARA', password: userPassword });
    expect(response.statusCode).toBe(200);
  });

  it('names each missing field first in its message, in English without a locale header', async () => {
    const response = await signIn({ password: 'x' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.statusCode).toBe(400);
    expect(body.errors).toEqual(['username is required.']);
    expect(body.message).toBe('The request is not valid.');
  });

  it('names the field first in Khmer too', async () => {
    const response = await signIn({ password: 'x' }, { locale: 'kh' });
    expect(response.statusCode).toBe(400);
    const { errors, message } = response.json();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^username /);
    expect(errors[0]).toBe('username ត្រូវតែបំពេញ។');
    expect(message).toBe('ទិន្នន័យមិនត្រឹមត្រូវ។');
  });

  it('reports every missing field when there is no body at all', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(['username is required.', 'password is required.']);
  });

  it('treats a blank username as missing and reports a too long one with its limit', async () => {
    const blank = await signIn({ username: '   ', password: 'x' });
    expect(blank.json().errors).toEqual(['username is required.']);
    const long = await signIn({ username: 'u'.repeat(101), password: 'x' });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual(['username must be at most 100 characters long.']);
  });

  it('rejects a wrong type with a message naming the field', async () => {
    const response = await signIn({ username: 42, password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(['username is not valid.']);
  });

  it('answers 400 to a malformed JSON body with a message naming the body, without internals', async () => {
    const malformed = (locale: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        headers: { 'content-type': 'application/json', locale },
        payload: '{"username": ',
      });
    const english = await malformed('en');
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({
      statusCode: 400,
      message: 'The request is not valid.',
      errors: ['body is not valid JSON.'],
    });
    const khmer = await malformed('kh');
    expect(khmer.statusCode).toBe(400);
    expect(khmer.json().errors[0]).toMatch(/^body មិនមែនជា JSON/);
  });

  it('gives the same answer for an unknown user, a wrong password and a deactivated user', async () => {
    const wrongPassword = await signIn({ username: 'admin', password: 'not-the-password' });
    const unknownUser = await signIn({ username: 'nobody-here', password: 'not-the-password' });
    const deactivated = await signIn({ username: 'retired', password: userPassword });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({
      statusCode: 400,
      message: 'The username or password is incorrect.',
    });
    expect(unknownUser.statusCode).toBe(400);
    expect(unknownUser.body).toBe(wrongPassword.body);
    expect(deactivated.body).toBe(wrongPassword.body);
  });

  it('answers bad credentials in Khmer with the Khmer header', async () => {
    const response = await signIn({ username: 'admin', password: 'wrong' }, { locale: 'kh' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('ឈ្មោះអ្នកប្រើប្រាស់ ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ។');
  });

  it('stores passwords as salted scrypt hashes, never in clear', async () => {
    const [admin] = await t.app.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.username, 'admin'));
    expect(admin.hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]+$/);
    expect(admin.hash).not.toContain(adminPassword);
  });
});

import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** Node's scrypt at N=2^17, r=8, p=1: about 128 MiB and a few hundred ms per hash, on purpose. */
const production = { N: 2 ** 17, r: 8, p: 1 } as const;
let defaults: { N: number; r: number; p: number } = production;
const keyLength = 32;
const maxmem = 256 * 1024 * 1024;

const derive = (password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, defaults, keyLength);
  return [
    'scrypt',
    defaults.N,
    defaults.r,
    defaults.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
};

/** Parameters come from the stored hash, so a later change of the defaults keeps old hashes valid. */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (![N, R, P].every(Number.isSafeInteger)) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length === 0) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N, r: R, p: P }, expected.length);
  return timingSafeEqual(actual, expected);
};

let dummyHash: Promise<string> | undefined;
/**
 * A hash of a random password with the same parameters, so that signing in as an unknown user costs
 * the same time as a wrong password for a known one.
 */
export const getDummyHash = (): Promise<string> => {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  return dummyHash;
};

/** A password for a generated account: 18 random bytes, 24 URL-safe characters. */
export const generatePassword = (): string => randomBytes(18).toString('base64url');

/**
 * For the API tests only (their setup file): hashes made while it is set use N=`cost`, so a suite
 * that hashes hundreds of passwords does not spend minutes in scrypt. Undefined restores production.
 * Verification always reads the parameters from the stored hash, so nothing else changes.
 */
export const setPasswordCostForTests = (cost: number | undefined) => {
  defaults = cost === undefined ? production : { ...production, N: cost };
  dummyHash = undefined;
};

import { setPasswordCostForTests } from '../../../server/auth/password';

// The API tests hash hundreds of passwords (users, profile, throttle...): N=2^12 instead of 2^17
// keeps the suite from spending minutes in scrypt. signIn.test.ts checks the production parameters.
setPasswordCostForTests(2 ** 12);

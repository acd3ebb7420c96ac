// Runs before the app's modules (a classic script, from this origin: the Content-Security-Policy
// allows no inline script and no eval).
// zod compiles parsers with `new Function` when it can and probes for that with `Function('')`;
// under the policy the probe is refused and reported as a violation on every page. zod reads this
// object when it loads, so it never tries.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

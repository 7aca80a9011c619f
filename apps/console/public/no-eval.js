// Runs before the console's modules. The server's Content-Security-Policy allows no eval
// (docs/operations.md). zod compiles faster object parsers with `new Function` and probes whether
// eval is allowed when a schema is created, which is when the bundle first loads; the probe alone
// is reported as a policy violation. zod reads its configuration from this global (what
// `z.config({ jitless: true })` sets, too late once the schemas exist); parsing gives the same
// results without compiled parsers.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

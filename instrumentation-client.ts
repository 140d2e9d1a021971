/**
 * Runs in the browser before the application's code (Next's client instrumentation). zod builds
 * each object schema with a check of whether `new Function` may run (its faster parser); under our
 * script policy it may not, and the refused probe is reported as a CSP violation on every screen
 * that builds a schema (issue 25's 写文章 issue). `jitless` skips the probe and uses the plain
 * parser. zod keeps its settings on `globalThis` so every copy shares them; set here, without
 * importing zod, they are in place before any schema is built and the sign-in page stays free of it.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
// The same object zod reads (it keeps one it finds there), so set on it rather than replaced.
(holder.__zod_globalConfig ??= {}).jitless = true;

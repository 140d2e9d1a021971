/**
 * Opens the database when the server starts (Node runtime only, never during `next build`): the
 * first admin password is printed at start and a second process on one PGlite folder stops at once.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs' && process.env.NEXT_PHASE !== 'phase-production-build') {
    await import('./server/startup');
  }
}

/**
 * Runs when the server starts (Node runtime only, never during `next build`): answers methods no
 * route serves (TRACE, PROPFIND …) with 405 before Next builds its request (server/http/method-gate.ts),
 * stamps every request with its socket's address (server/http/peer.ts: the client address cannot be forged), then opens
 * the database, so the first admin password is printed at start and a second process on one PGlite
 * folder stops at once.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs' && process.env.NEXT_PHASE !== 'phase-production-build') {
    (await import('./server/http/method-gate')).installMethodGate();
    (await import('./server/http/peer')).installPeerStamp();
    await (await import('./server/startup')).openAtStart();
    // Scheduled publish and offline (DESIGN §8): due jobs, including ones missed while down, fire now.
    await (await import('./server/start-scheduler')).startScheduler();
  }
}

/**
 * A page part that fails to load (a new deployment removed the old chunk) reloads the page once.
 * @see SEED §8 (failure to load a page part: full page reload)
 */
const FLAG = 'cms:chunk-reload-at';

export function isChunkLoadError(reason: unknown): boolean {
  if (!reason || typeof reason !== 'object') return false;
  const { name, message } = reason as { name?: string; message?: string };
  return name === 'ChunkLoadError' || /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module/i.test(message ?? '');
}

/** Reloads at most once per 10 seconds so a truly missing chunk cannot loop. */
export function reloadForChunkError(): boolean {
  const last = Number(sessionStorage.getItem(FLAG) || 0);
  if (Date.now() - last < 10_000) return false;
  sessionStorage.setItem(FLAG, String(Date.now()));
  window.location.reload();
  return true;
}

export function reloadOnChunkError(): () => void {
  const onRejection = (e: PromiseRejectionEvent) => {
    if (isChunkLoadError(e.reason)) reloadForChunkError();
  };
  const onError = (e: ErrorEvent) => {
    if (isChunkLoadError(e.error)) reloadForChunkError();
  };
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('error', onError);
  return () => {
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('error', onError);
  };
}

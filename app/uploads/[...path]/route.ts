import { serveUpload } from '@/server/storage/serve';
import { storageFromEnv } from '@/server/storage/config';

// Files of the local storage driver (DESIGN §9): their stored type, nosniff, no listing, nothing outside the folder.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(req: Request) {
  return serveUpload(req, storageFromEnv().uploadsDir);
}

export function HEAD(req: Request) {
  return serveUpload(req, storageFromEnv().uploadsDir);
}

import { serveUpload } from '@/server/storage/serve';
import { storageFromEnv } from '@/server/storage/config';
import { getDb } from '@/server/startup';

// Files of the local storage driver (DESIGN §9): their stored type, nosniff, no listing, nothing outside the folder.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(req: Request) {
  return serveUpload(req, storageFromEnv().uploadsDir, await getDb());
}

export async function HEAD(req: Request) {
  return serveUpload(req, storageFromEnv().uploadsDir, await getDb());
}

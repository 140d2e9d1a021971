import { handle } from 'hono/vercel';
import { nextApp } from '@/server/next-app';

// The built-in main API: every /api/* request goes to the Hono app in server/.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const app = nextApp();

export const GET = handle(app);
export const POST = handle(app);
export const PUT = handle(app);
export const PATCH = handle(app);
export const DELETE = handle(app);

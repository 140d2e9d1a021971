// A bare Next.js route handler, no Payload: the floor of `next start` itself (../../../front.ts).
export const dynamic = 'force-dynamic';
export const GET = () => Response.json({ ok: true });

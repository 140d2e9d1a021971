import { count, notInArray, sql } from 'drizzle-orm';
import { ROUTES, PERMISSION_ROUTES } from '../../lib/routes';
import { routePermissions, users } from '../db/schema';
import { generatePassword, hashPassword } from './password';
import type { Db } from '../db/types';

/**
 * Runs after migrations on every start: syncs the route-permission catalogue from lib/routes.ts and,
 * on an empty database, creates the super-administrator. Nothing else is seeded (see `npm run seed`).
 */
export async function bootstrap(db: Db, opts: { quiet?: boolean } = {}) {
  await syncRouteCatalogue(db);
  await ensureSuperAdmin(db, opts);
}

export async function syncRouteCatalogue(db: Db) {
  const rows = PERMISSION_ROUTES.map((r) => ({
    path: r.path,
    name: r.name,
    home: r.home ?? null,
    icon: r.icon ?? null,
    ignore: Boolean(r.ignore),
    sort: ROUTES.indexOf(r),
  }));
  await db.transaction(async (tx) => {
    await tx
      .insert(routePermissions)
      .values(rows)
      .onConflictDoUpdate({
        target: routePermissions.path,
        set: {
          name: sql`excluded.name`,
          home: sql`excluded.home`,
          icon: sql`excluded.icon`,
          ignore: sql`excluded.ignore`,
          sort: sql`excluded.sort`,
        },
      });
    await tx.delete(routePermissions).where(
      notInArray(
        routePermissions.path,
        rows.map((r) => r.path),
      ),
    );
  });
}

async function ensureSuperAdmin(db: Db, { quiet }: { quiet?: boolean }) {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return;
  const username = process.env.CMS_ADMIN_USERNAME || 'admin';
  const given = process.env.CMS_ADMIN_PASSWORD;
  const password = given || generatePassword();
  const inserted = await db
    .insert(users)
    .values({ username, name: '超级管理员', passwordHash: await hashPassword(password), isSuper: true })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0 || quiet) return;
  if (given) {
    console.log(`[cms] 已创建超级管理员 ${username}（密码来自 CMS_ADMIN_PASSWORD）`);
  } else {
    const line = '='.repeat(64);
    console.log(
      `\n${line}\n[cms] 首次启动：已创建超级管理员\n  用户名: ${username}\n  密码:   ${password}\n` +
        `  此密码只显示这一次，请登录后在「个人资料」中修改。\n${line}\n`,
    );
  }
}

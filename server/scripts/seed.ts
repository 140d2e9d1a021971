/**
 * `npm run seed`: demo departments, roles and users for trying the CMS. Idempotent: records that
 * exist (by name / username) are left as they are. Uses the same database settings as the server;
 * on PGlite it takes the folder lock, so stop the dev server first (or seed before starting it).
 */
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { departments, roles, users } from '../db/schema';
import { hashPassword } from '../auth/password';
import { dataDir, serverEnv } from '../env';

export const DEMO_PASSWORD = 'Demo#2026';

async function main() {
  const env = serverEnv();
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: dataDir() });
  const { db } = handle;
  try {
    const deptIds = new Map<string, number>();
    const tree: Array<[name: string, parent: string | null]> = [
      ['卡车资讯编辑部', null],
      ['新闻组', '卡车资讯编辑部'],
      ['评测组', '卡车资讯编辑部'],
      ['视频组', '卡车资讯编辑部'],
      ['运营部', null],
      ['技术部', null],
    ];
    for (const [i, [name, parent]] of tree.entries()) {
      const parentId = parent ? deptIds.get(parent)! : null;
      const [existing] = await db.select({ id: departments.id }).from(departments).where(eq(departments.name, name));
      const id = existing?.id ?? (await db.insert(departments).values({ name, parentId, sort: i }).returning({ id: departments.id }))[0].id;
      deptIds.set(name, id);
    }

    const roleDefs: Array<{ name: string; description: string; level: number; routes: string[] }> = [
      { name: '主编', description: '审核与发布全部内容', level: 1, routes: ['/home', '/article/add', '/article/addArticle', '/article/addImage', '/article/addVideo', '/article/list', '/article/check', '/article/createVideo', '/article/videoList', '/article/preview', '/store', '/photo', '/photo/tag', '/video', '/video/tag'] },
      { name: '编辑', description: '撰写本部门内容', level: 2, routes: ['/article/add', '/article/addArticle', '/article/addImage', '/article/addVideo', '/article/list', '/article/preview', '/photo', '/video'] },
      { name: '运营', description: '焦点图、关键词、导航、广告', level: 1, routes: ['/operation/focus', '/operation/pcfocus', '/operation/videofocus', '/operation/keywords', '/operation/pckeywords', '/operation/nav', '/operation/friendLinks', '/operation/brand', '/operation/ad', '/operation/stats'] },
      { name: '实习编辑', description: '只能看到自己的稿件', level: 3, routes: ['/article/add', '/article/addArticle', '/article/list', '/article/preview'] },
    ];
    const roleIds = new Map<string, number>();
    for (const r of roleDefs) {
      const [existing] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, r.name));
      const id = existing?.id ?? (await db.insert(roles).values(r).returning({ id: roles.id }))[0].id;
      roleIds.set(r.name, id);
    }

    const people: Array<[username: string, name: string, dept: string, role: string]> = [
      ['zhangwei', '张伟', '卡车资讯编辑部', '主编'],
      ['lina', '李娜', '新闻组', '编辑'],
      ['wangqiang', '王强', '评测组', '编辑'],
      ['liuyang', '刘洋', '视频组', '编辑'],
      ['chenjing', '陈静', '运营部', '运营'],
      ['zhaolei', '赵磊', '新闻组', '实习编辑'],
    ];
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    let created = 0;
    for (const [username, name, dept, role] of people) {
      const inserted = await db
        .insert(users)
        .values({ username, name, passwordHash, departmentId: deptIds.get(dept)!, roleId: roleIds.get(role)!, email: `${username}@example.com` })
        .onConflictDoNothing()
        .returning({ id: users.id });
      created += inserted.length;
    }
    console.log(`[seed] 部门 ${deptIds.size} 个、角色 ${roleIds.size} 个就绪；新建演示用户 ${created} 个（密码均为 ${DEMO_PASSWORD}）。`);
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(`[seed] 失败：${err instanceof Error ? err.message : err}`);
  process.exit(1);
});

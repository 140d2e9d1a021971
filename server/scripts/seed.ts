/**
 * `npm run seed`: demo departments, roles and users for trying the CMS. Idempotent: records that
 * exist (by name / username) are left as they are. Uses the same database settings as the server;
 * on PGlite it takes the folder lock, so stop the dev server first (or seed before starting it).
 */
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../startup';
import type { Db } from '../db/types';
import { categories, categoryTypes, departments, picStoreTags, platforms, roles, tags, tagTypes, topics, users, videoStoreTags } from '../db/schema';
import { hashPassword } from '../auth/password';
import { dataDir, serverEnv } from '../env';
import { seedLibrary } from './seed-media';

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
      {
        name: '主编',
        description: '审核与发布全部内容',
        level: 1,
        routes: [
          '/home',
          '/article/add',
          '/article/addArticle',
          '/article/addImage',
          '/article/addVideo',
          '/article/list',
          '/article/check',
          '/article/createVideo',
          '/article/videoList',
          '/article/preview',
          '/store',
          '/photo',
          '/photo/tag',
          '/video',
          '/video/tag',
        ],
      },
      {
        name: '编辑',
        description: '撰写本部门内容',
        level: 2,
        routes: ['/article/add', '/article/addArticle', '/article/addImage', '/article/addVideo', '/article/list', '/article/preview', '/photo', '/video'],
      },
      {
        name: '运营',
        description: '焦点图、关键词、导航、广告',
        level: 1,
        routes: [
          '/operation/focus',
          '/operation/pcfocus',
          '/operation/videofocus',
          '/operation/keywords',
          '/operation/pckeywords',
          '/operation/nav',
          '/operation/friendLinks',
          '/operation/brand',
          '/operation/ad',
          '/operation/stats',
        ],
      },
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
    await seedTaxonomy(db);
    const [editor] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'liuyang'));
    const pictures = await seedLibrary(db, { uploaderId: editor?.id ?? null });
    console.log(`[seed] 分类、标签、平台、专题就绪；图片库新增 ${pictures} 张演示图片。`);
  } finally {
    await handle.close();
  }
}

/** Find-or-create by a natural key, so the seed can run again. */
async function ensure<T extends { id: number }>(find: () => Promise<T[]>, create: () => Promise<T[]>): Promise<number> {
  const [found] = await find();
  return (found ?? (await create())[0]).id;
}

async function seedTaxonomy(db: Db) {
  const types: Record<string, Array<[string, string[]]>> = {
    资讯: [
      ['行业动态', ['政策法规', '市场销量', '企业新闻']],
      ['新车', ['新车上市', '谍照']],
      ['评测', ['试驾', '对比']],
      ['用车', ['保养', '改装']],
    ],
    车型: [
      ['牵引车', []],
      ['载货车', []],
      ['自卸车', []],
      ['专用车', ['冷藏车', '危化品车', '环卫车']],
      ['轻卡', []],
    ],
  };
  for (const [ti, [typeName, tree]] of Object.entries(types).entries()) {
    const typeId = await ensure(
      () => db.select({ id: categoryTypes.id }).from(categoryTypes).where(eq(categoryTypes.name, typeName)),
      () => db.insert(categoryTypes).values({ name: typeName, sort: ti }).returning({ id: categoryTypes.id }),
    );
    for (const [ci, [name, children]] of tree.entries()) {
      const parentId = await ensure(
        () =>
          db
            .select({ id: categories.id })
            .from(categories)
            .where(and(eq(categories.typeId, typeId), eq(categories.name, name))),
        () => db.insert(categories).values({ typeId, name, sort: ci }).returning({ id: categories.id }),
      );
      for (const [k, child] of children.entries()) {
        await ensure(
          () =>
            db
              .select({ id: categories.id })
              .from(categories)
              .where(and(eq(categories.parentId, parentId), eq(categories.name, child))),
          () => db.insert(categories).values({ typeId, parentId, name: child, sort: k }).returning({ id: categories.id }),
        );
      }
    }
  }
  for (const [i, [name, code]] of [
    ['APP', 'app'],
    ['M站', 'm'],
    ['PC站', 'pc'],
    ['小程序', 'mini'],
  ].entries()) {
    await db.insert(platforms).values({ name, code, sort: i }).onConflictDoNothing();
  }
  const tagSets: Record<string, string[]> = {
    品牌: ['一汽解放', '东风商用车', '中国重汽', '陕汽重卡', '福田汽车', '江淮汽车', '上汽红岩', '东风柳汽', '大运汽车', '北奔重汽'],
    话题: ['国六', '新能源', '换电重卡', '氢燃料', '自动驾驶', '油耗', '运价', '超载治理', '车展', '二手车'],
    车型: ['牵引车', '载货车', '自卸车', '冷藏车', '轻卡', '皮卡', '搅拌车', '清障车'],
  };
  for (const [i, [typeName, names]] of Object.entries(tagSets).entries()) {
    const typeId = await ensure(
      () => db.select({ id: tagTypes.id }).from(tagTypes).where(eq(tagTypes.name, typeName)),
      () => db.insert(tagTypes).values({ name: typeName, sort: i }).returning({ id: tagTypes.id }),
    );
    for (const name of names) await db.insert(tags).values({ typeId, name }).onConflictDoNothing();
  }
  for (const [i, name] of ['外观', '内饰', '细节', '车展', '试驾', '活动'].entries())
    await db.insert(picStoreTags).values({ name, sort: i }).onConflictDoNothing();
  for (const [i, name] of ['试驾', '评测', '新车', '访谈'].entries()) await db.insert(videoStoreTags).values({ name, sort: i }).onConflictDoNothing();
  const topicDefs = [
    {
      title: '2026 中国卡车年度评选',
      summary: '年度最受欢迎的牵引车、载货车和轻卡，由读者投票选出。',
      url: 'https://www.example.com/topic/2026-awards',
      activityId: 1,
    },
    { title: '新能源重卡专题', summary: '换电、氢燃料和纯电重卡的最新进展与用车成本。', url: 'https://www.example.com/topic/nev' },
    { title: '国六排放一问一答', summary: '', url: '' },
  ];
  for (const [i, t] of topicDefs.entries()) {
    await ensure(
      () => db.select({ id: topics.id }).from(topics).where(eq(topics.title, t.title)),
      () =>
        db
          .insert(topics)
          .values({ ...t, sort: i })
          .returning({ id: topics.id }),
    );
  }
}

main().catch((err) => {
  console.error(`[seed] 失败：${err instanceof Error ? err.message : err}`);
  process.exit(1);
});

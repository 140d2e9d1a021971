import { count } from 'drizzle-orm';
import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes, createHash } from 'node:crypto';
import path from 'node:path';
import { image } from '../storage/images';
import type { Db } from '../db/types';
import { picStores, picStoreTags } from '../db/schema';
import { storageFromEnv } from '../storage/config';
import { describePicture } from '../storage/local';
import { publicUrl } from '../storage/tickets';

const SUBJECTS = [
  '解放J7 牵引车',
  '豪沃TX 载货车',
  '天龙KL 驾驶室',
  '德龙X6000 外观',
  '欧曼EST 车展',
  '乘龙H7 试驾',
  '红岩杰狮 自卸车',
  '江淮格尔发 K7',
  '大运V6',
  '福田奥铃 轻卡',
];
const COLORS = ['#1f4e79', '#7a1f1f', '#1f6e43', '#6b4f1d', '#3d2c6e', '#225a6b'];

/**
 * A few dozen real picture files for the library (local storage only): made with sharp, stored,
 * measured and thumbnailed by the same code as an upload. Run again, it adds none while any exist.
 */
export async function seedLibrary(db: Db, { uploaderId }: { uploaderId: number | null }): Promise<number> {
  const storage = storageFromEnv();
  if (storage.driver !== 'local') return 0;
  const [{ n }] = await db.select({ n: count() }).from(picStores);
  if (n > 0) return 0;
  const tagRows = await db.select({ id: picStoreTags.id, name: picStoreTags.name }).from(picStoreTags);
  const tagId = (name: string) => tagRows.find((t) => t.name === name)?.id;
  let made = 0;
  for (let i = 0; i < 36; i++) {
    const subject = SUBJECTS[i % SUBJECTS.length];
    const color = COLORS[i % COLORS.length];
    const [w, h] = i % 4 === 0 ? [1200, 1600] : [1600, 1000];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#f2f2f2"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><rect x="${w * 0.15}" y="${h * 0.55}" width="${w * 0.7}" height="${h * 0.18}" rx="24" fill="#333" opacity="0.85"/><circle cx="${w * 0.3}" cy="${h * 0.76}" r="${h * 0.07}" fill="#111"/><circle cx="${w * 0.7}" cy="${h * 0.76}" r="${h * 0.07}" fill="#111"/><text x="50%" y="30%" font-size="${Math.round(w / 14)}" text-anchor="middle" fill="#fff" font-family="Noto Sans CJK SC, sans-serif">${subject}</text><text x="50%" y="42%" font-size="${Math.round(w / 30)}" text-anchor="middle" fill="#fff" font-family="sans-serif">demo #${i + 1}</text></svg>`;
    const file = await image(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
    const key = `pic/seed/${randomBytes(12).toString('hex')}.jpg`;
    const full = path.join(storage.uploadsDir, key);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, file);
    const { width, height, thumbKey } = await describePicture(storage.uploadsDir, key);
    const tagIds = [tagId(['外观', '内饰', '细节', '车展', '试驾', '活动'][i % 6])].filter((x): x is number => x !== undefined);
    await db.insert(picStores).values({
      title: `${subject} ${i + 1}`,
      storage: 'local',
      key,
      url: publicUrl(storage, key),
      thumbUrl: publicUrl(storage, thumbKey),
      mime: 'image/jpeg',
      size: file.length,
      width,
      height,
      sha256: createHash('sha256').update(file).digest('hex'),
      tagIds,
      uploaderId,
    });
    made++;
  }
  return made;
}

import sharp, { type SharpOptions } from 'sharp';
import { ApiError } from '../http/errors';

/**
 * Every sharp instance of the server is made here (issue 14 F3). A picture larger than this is
 * refused: a newsroom's largest camera files are 45–50 MP, while a 0.8 MB interlaced PNG of
 * 16383×16383 (sharp's default limit) decodes to 800 MB.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
export const TOO_MANY_PIXELS = '图片尺寸过大（最多 5000 万像素）';

/** Image jobs at once in this process; the rest wait their turn (memory grows with each). */
export const MAX_IMAGE_JOBS = 2;

// One libvips thread per job: two jobs use two cores, never all of a small machine's.
sharp.concurrency(1);

/** A sharp pipeline that refuses input over {@link MAX_INPUT_PIXELS} whatever the caller asks. */
export function image(input?: Parameters<typeof sharp>[0], options: SharpOptions = {}) {
  return sharp(input as Buffer, { ...options, limitInputPixels: MAX_INPUT_PIXELS });
}

export const tooManyPixels = () => new ApiError(413, TOO_MANY_PIXELS, { key: TOO_MANY_PIXELS });

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `job` when fewer than {@link MAX_IMAGE_JOBS} image jobs are running (first come, first served). */
export async function imageJob<T>(job: () => Promise<T>): Promise<T> {
  if (running >= MAX_IMAGE_JOBS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await job();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArticlePreview, loadBodyMedia } from '@/components/articles/editor/preview';
import { splitBody } from '@/components/articles/body/blocks';
import { http } from '@/lib/http';
import type { ResolvedItem } from '@/lib/api/media';

vi.mock('next/navigation', () => ({ useSearchParams: () => new URLSearchParams('id=7') }));

// The preview resolves a body's library items in one call per library, whatever the number of
// blocks or pictures (issue 14 F9: the security review's 10 KB body made 2 201 requests). The
// server side (`by_ids`, the block caps) is tested in tests/api/library-articles.test.ts; here the
// calls are counted at the project's HTTP client (lib/http), which the preview goes through.

const gallery = (ids: number[]) => `<div class="cms-gallery" contenteditable="false" data-pic-ids="${ids.join(',')}"></div>`;
const video = (id: number) => `<div class="cms-video" contenteditable="false" data-video-id="${id}"></div>`;
/** The review's body: ten galleries of 200 ids (36 distinct pictures) and a hundred video blocks. */
const reviewBody = gallery(Array.from({ length: 200 }, (_, i) => 1 + (i % 36))).repeat(10) + video(1).repeat(100);
const item = (id: number, title: string): ResolvedItem => ({ id, title, url: `/uploads/pic/2026/11/${String(id).padStart(24, '0')}.jpg` }) as ResolvedItem;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('loadBodyMedia', () => {
  it('asks each library once, for each id once', async () => {
    const calls: Array<{ kind: string; ids: number[] }> = [];
    const media = await loadBodyMedia(splitBody(reviewBody), [1], async (kind, ids) => {
      calls.push({ kind, ids });
      return ids.map((id) => item(id, `${kind}${id}`));
    });
    expect(calls.map((c) => c.kind).sort()).toEqual(['pic', 'video']);
    expect(calls.find((c) => c.kind === 'pic')!.ids).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
    expect(calls.find((c) => c.kind === 'video')!.ids).toEqual([1]);
    expect(media.pic.get(36)?.title).toBe('pic36');
  });

  it('a body without library blocks asks nothing; a failed call leaves the items out', async () => {
    const byIds = vi.fn(async () => null);
    expect((await loadBodyMedia(splitBody('<p>正文</p>'), [], byIds)).pic.size).toBe(0);
    expect(byIds).not.toHaveBeenCalled();
    expect((await loadBodyMedia(splitBody(gallery([1, 2])), [], byIds)).pic.size).toBe(0);
    expect(byIds).toHaveBeenCalledTimes(1);
  });
});

describe('ArticlePreview', () => {
  it('draws ten galleries of 200 pictures from at most two requests to the libraries', { timeout: 30_000 }, async () => {
    const body = gallery(Array.from({ length: 200 }, (_, i) => 1 + (i % 36))).repeat(10);
    vi.spyOn(http.main, 'send').mockImplementation(
      async () =>
        ({
          httpStatus: 200,
          body: {
            status: 0,
            message: 'ok',
            data: {
              id: 7,
              kind: 'article',
              title: '图集很多的文章',
              subtitle: '',
              summary: '',
              author: '',
              source: '',
              content: body,
              images: [],
              cover: '',
              version: 1,
              updatedAt: '2026-11-26T00:00:00.000Z',
              publishedAt: null,
            },
          },
        }) as never,
    );
    const gets: string[] = [];
    vi.spyOn(http.main, 'get').mockImplementation(async (url: string, params?: object) => {
      gets.push(url);
      const ids = String((params as { ids?: string })?.ids ?? '')
        .split(',')
        .filter(Boolean)
        .map(Number);
      return { status: 0, message: 'ok', data: { list: ids.map((id) => item(id, `图${id}`)) } } as never;
    });
    render(<ArticlePreview />);
    await waitFor(() => expect(screen.getAllByTestId('preview-gallery')).toHaveLength(10), { timeout: 20_000 });
    expect(gets.length).toBeLessThanOrEqual(2);
    expect(gets).toEqual(['/api/pic_stores/by_ids']);
    const first = screen.getAllByTestId('preview-gallery')[0];
    expect(first.querySelectorAll('figure')).toHaveLength(200);
    expect(first.querySelectorAll('figcaption')[36].textContent).toBe('37/200 图1');
  });
});

'use client';

import { useEffect, useState } from 'react';
import { isFailure } from '@/lib/http';
import { videoApi } from '@/lib/api/videos';
import type { VideoRecord } from '@/lib/api/types';

/**
 * 预览 of a short video (`/article/preview?video=`, issue 15): the player with its cover, the
 * title, the description and the category as the site shows them, from what is stored.
 */
export function ShortVideoPreview({ id }: { id: number }) {
  const [video, setVideo] = useState<VideoRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void videoApi.fetch(id).then((reply) => {
      if (!live) return;
      if (isFailure(reply)) setError('网络异常，无法加载短视频');
      else if (reply.httpStatus === 401) setError('登录已失效，请重新登录后再打开预览');
      else if (reply.body.status !== 0 || !reply.body.data)
        setError(reply.httpStatus === 404 ? '短视频不存在，或不在你的数据范围内' : (reply.body.message ?? '无法加载短视频'));
      else setVideo(reply.body.data);
    });
    return () => {
      live = false;
    };
  }, [id]);
  return (
    <main style={{ width: 480, maxWidth: '100%', margin: '0 auto', padding: '24px 16px 64px', boxSizing: 'border-box' }}>
      <p
        style={{ margin: '0 0 16px', padding: '6px 12px', background: '#fffbe6', border: '1px solid #ffe58f', borderRadius: 4, fontSize: 13, color: '#614700' }}
      >
        预览 · 读者看到的样子{video ? `（短视频，版本 ${video.version}）` : ''}
      </p>
      {error ? (
        <div role="alert">
          <h1 style={{ fontSize: 22 }}>无法预览</h1>
          <p>{error}</p>
          {error.includes('登录') && <a href="/login">去登录</a>}
        </div>
      ) : !video ? (
        <p aria-busy="true">正在加载…</p>
      ) : (
        <article>
          {video.videoUrl ? (
            <video
              data-testid="short-video-player"
              src={video.videoUrl}
              poster={video.cover || undefined}
              controls
              preload="metadata"
              style={{ width: '100%', aspectRatio: '9 / 16', maxHeight: '70vh', background: '#000', borderRadius: 8 }}
              aria-label={`视频：${video.title}`}
            />
          ) : (
            <p style={{ padding: 12, background: '#fff1f0', border: '1px solid #ffccc7', borderRadius: 6, color: '#a8071a' }}>视频已不在视频库中</p>
          )}
          <h1 style={{ fontSize: 22, lineHeight: 1.4, margin: '12px 0 4px' }}>{video.title}</h1>
          <p style={{ fontSize: 13, color: '#595959', margin: '0 0 8px' }}>
            {[video.categoryName, new Date(video.publishedAt ?? video.updatedAt).toLocaleString('zh-CN', { hour12: false })].filter(Boolean).join('　')}
          </p>
          {video.description && <p style={{ whiteSpace: 'pre-wrap' }}>{video.description}</p>}
        </article>
      )}
    </main>
  );
}

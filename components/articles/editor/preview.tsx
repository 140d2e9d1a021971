'use client';

import { useEffect, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { isFailure } from '@/lib/http';
import { articleApi, type ArticleRecord } from '@/components/articles/api';
import { ARTICLE_KINDS } from '@/lib/resources/articles';
import { CONTENT_WIDTH } from './layout';
import { ArticleBody, PREVIEW_CSS } from '@/components/articles/body/preview-body';

export { loadBodyMedia, useBodyMedia, type BodyMedia } from '@/components/articles/body/preview-body';

/**
 * 预览 (`/article/preview?id=`, bare layout): the article at 912 px as the site renders it. The body
 * is the stored, sanitized HTML; each custom block is drawn from its `data-*` ids (DESIGN §7), not
 * from what the editor showed inside it: the player with its poster, the VR card, the price card
 * with the product host's guide price, the vote, the gallery. Galleries and video articles too.
 * The renderer is `../body/preview-body` (shared with the review drawer).
 */
export function ArticlePreview() {
  const id = Number(useSearchParams().get('id')) || null;
  const [article, setArticle] = useState<ArticleRecord | null>(null);
  const [error, setError] = useState<string | null>(id ? null : '缺少文章编号：请从文章列表或编辑器打开预览');
  useEffect(() => {
    if (!id) return;
    let live = true;
    void articleApi.fetch(id).then((reply) => {
      if (!live) return;
      if (isFailure(reply)) setError('网络异常，无法加载文章');
      else if (reply.httpStatus === 401) setError('登录已失效，请重新登录后再打开预览');
      else if (reply.body.status !== 0 || !reply.body.data)
        setError(reply.httpStatus === 404 ? '文章不存在，或不在你的数据范围内' : (reply.body.message ?? '无法加载文章'));
      else setArticle(reply.body.data);
    });
    return () => {
      live = false;
    };
  }, [id]);

  return (
    <main className="article-preview" style={{ width: CONTENT_WIDTH, maxWidth: '100%', margin: '0 auto', padding: '24px 16px 64px', boxSizing: 'border-box' }}>
      <p className="preview-banner">
        预览 · 读者看到的样子{article ? `（${ARTICLE_KINDS.find((k) => k.value === article.kind)?.label}，版本 ${article.version}）` : ''}
      </p>
      {error ? (
        <div role="alert" className="preview-error">
          <h1>无法预览</h1>
          <p>{error}</p>
          {error.includes('登录') && <a href="/login">去登录</a>}
        </div>
      ) : !article ? (
        <p aria-busy="true">正在加载…</p>
      ) : (
        <article>
          <h1 className="preview-title">{article.title}</h1>
          {article.subtitle && <p className="preview-subtitle">{article.subtitle}</p>}
          <p className="preview-meta">
            {[
              article.author && `作者：${article.author}`,
              article.source && `来源：${article.source}`,
              article.categoryName,
              new Date(article.publishedAt ?? article.updatedAt).toLocaleString('zh-CN', { hour12: false }),
            ]
              .filter(Boolean)
              .join('　')}
          </p>
          {article.summary && <p className="preview-summary">{article.summary}</p>}
          <ArticleBody article={article} />
        </article>
      )}
      <style>{PREVIEW_CSS}</style>
    </main>
  );
}

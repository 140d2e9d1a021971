import { ContentChooser } from '@/components/articles/editor/chooser';
import { EditorPrefetch } from '@/components/articles/editor/editor-preload';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/article/add');

/** 发布内容: choose 文章, 图集 or 视频文章 (issue 7). */
export default function Page() {
  return (
    <>
      <EditorPrefetch />
      <ContentChooser />
    </>
  );
}

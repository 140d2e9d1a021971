import { Suspense } from 'react';
import { routeMetadata } from '@/lib/page-title';
import { VideoEditor } from '@/components/short-video/video-editor';

export const metadata = routeMetadata('/article/createVideo');

/** 发布短视频: a new short video, or `?id=` to edit one. */
export default function Page() {
  return (
    <Suspense>
      <VideoEditor />
    </Suspense>
  );
}

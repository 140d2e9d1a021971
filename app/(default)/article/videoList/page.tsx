import { Suspense } from 'react';
import { routeMetadata } from '@/lib/page-title';
import { VideoListScreen } from '@/components/short-video/video-list-screen';

export const metadata = routeMetadata('/article/videoList');

/** 视频列表: short videos with filters in the address, who is editing, edit and publish. */
export default function Page() {
  return (
    <Suspense>
      <VideoListScreen />
    </Suspense>
  );
}

import { Suspense } from 'react';
import { VideoFocusScreen } from '@/components/operations/focus-pages';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/operation/videofocus');

/** 视频焦点图. The group, filters and tab live in the URL. */
export default function Page() {
  return (
    <Suspense>
      <VideoFocusScreen />
    </Suspense>
  );
}

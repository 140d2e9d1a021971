import { Suspense } from 'react';
import { Card } from '@/components/common/card';
import { MediaLibrary } from '@/components/media/media-library';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/video');

/** 视频库. Page, filters and view live in the URL, hence the Suspense boundary. */
export default function Page() {
  return (
    <Card>
      <Suspense>
        <MediaLibrary kind="video" />
      </Suspense>
    </Card>
  );
}

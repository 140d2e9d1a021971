import { Placeholder } from '@/components/layout/placeholder';
import { routeMetadata } from '@/lib/page-title';

export const metadata = routeMetadata('/article/preview');

// Bare layout: no header or sidebar. The article preview itself comes with the article issue.
export default function Page() {
  return (
    <main style={{ width: 912, margin: '24px auto' }}>
      <Placeholder path="/article/preview" isPageHeading />
    </main>
  );
}

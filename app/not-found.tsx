import type { Metadata } from 'next';
import { NOT_FOUND_TITLE } from '@/lib/page-title';
import { LazyErrorView } from './lazy-error-view';

// The tab says what happened (ux-2026-11-28 P3-14); SEED §2's message stays literal, with Chinese beside it.
export const metadata: Metadata = { title: NOT_FOUND_TITLE };

export default function NotFound() {
  return (
    <LazyErrorView
      statusCode={404}
      message={
        <>
          This page could not be found
          <br />
          页面不存在：地址可能有误，或页面已被移走
        </>
      }
      isPageHeading
    />
  );
}

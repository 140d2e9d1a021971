import { findRoute } from '@/lib/routes';
import { PlaceholderView } from './placeholder-view';

/**
 * A route whose screen a later release builds: titled, and honest that it is under construction.
 */
export function Placeholder({ path, isPageHeading }: { path: string; isPageHeading?: boolean }) {
  const route = findRoute(path);
  return <PlaceholderView title={route?.name ?? path} group={route?.home} isPageHeading={isPageHeading} />;
}

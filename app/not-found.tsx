import { LazyErrorView } from './lazy-error-view';

export default function NotFound() {
  return <LazyErrorView statusCode={404} message="This page could not be found" isPageHeading />;
}

import { ErrorView } from '@/components/common/error-view';

export default function NotFound() {
  return <ErrorView statusCode={404} message="This page could not be found" isPageHeading />;
}

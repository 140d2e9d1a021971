import { Placeholder } from '@/components/layout/placeholder';

export default function Page() {
  return <Placeholder path="/photo/tag" />;
}

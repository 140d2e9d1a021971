import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { makeQueryClient } from '@/lib/query';

/**
 * A `render` wrapper with the browser's data layer (lib/query), fresh for each call: a component
 * that reads through it (a picker's options) starts with nothing cached, as on a new page.
 */
export function inDataLayer() {
  const client = makeQueryClient();
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

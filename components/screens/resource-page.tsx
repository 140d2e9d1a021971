'use client';

import { Suspense, use } from 'react';
import { ResourceListPage, type ResourceListPageProps, type ScreenRow } from '@/components/crud';
import { CoverInput } from '@/components/media/cover-input';
import { loadResource, type ResourceModule } from '@/lib/resources/modules';

/**
 * `ResourceListPage` with the library's picture input (choose or upload) for every `image` field of
 * the form; a screen's own `fieldsOverride` wins. It sits above components/crud and
 * components/media so neither folder imports the other's screens.
 */
export function ResourceScreen<T extends ScreenRow>(props: ResourceListPageProps<T>) {
  const images = Object.fromEntries(props.def.fields.filter((f) => f.form && f.input === 'image').map((f) => [f.name, <CoverInput key={f.name} />]));
  return <ResourceListPage<T> {...props} form={{ ...props.form, fieldsOverride: { ...images, ...props.form?.fieldsOverride } }} />;
}

type PageProps = Omit<ResourceListPageProps<ScreenRow>, 'def'> & { module: ResourceModule; name: string };

/**
 * The list screen of a plain resource, named from a server page by its declaration's module and
 * `name` (data only crosses to the browser; the declaration is loaded there, see
 * lib/resources/modules.ts). The other props are `ResourceListPage`'s that are plain data.
 */
export function ResourcePage(props: PageProps) {
  return (
    <Suspense>
      <Loaded {...props} />
    </Suspense>
  );
}

function Loaded({ module, name, ...props }: PageProps) {
  return <ResourceScreen def={use(loadResource(module, name))} {...props} />;
}

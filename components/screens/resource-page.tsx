'use client';

import { use, useEffect, useState, type ComponentType } from 'react';
import { Input } from 'antd';
import { ResourceListPage, type ResourceListPageProps, type ScreenRow } from '@/components/crud';
import { loadResource, type ResourceModule } from '@/lib/resources/modules';

type PictureInput = ComponentType<{ value?: string; onChange?: (url: string) => void; id?: string; disabled?: boolean }>;

/**
 * `ResourceListPage` with the library's picture input (choose or upload) for every `image` field of
 * the form; a screen's own `fieldsOverride` wins. The input (with the library's picker) loads after
 * the list, and only for a declaration with a picture, so it is not first-load JS of any list. It
 * sits above components/crud and components/media so neither folder imports the other's screens.
 */
export function ResourceScreen<T extends ScreenRow>(props: ResourceListPageProps<T>) {
  const images = props.def.fields.filter((f) => f.form && f.input === 'image').map((f) => f.name);
  const [Picture, setPicture] = useState<{ input: PictureInput } | null>(null);
  useEffect(() => {
    if (images.length) void import('@/components/media/cover-input').then((m) => setPicture({ input: m.CoverInput }));
  }, [images.length]);
  const input = (name: string) => (Picture ? <Picture.input key={name} /> : <Input key={name} disabled placeholder="正在加载图片库…" />);
  const fieldsOverride = { ...Object.fromEntries(images.map((name) => [name, input(name)])), ...props.form?.fieldsOverride };
  return <ResourceListPage<T> {...props} form={{ ...props.form, fieldsOverride }} />;
}

type PageProps = Omit<ResourceListPageProps<ScreenRow>, 'def'> & { module: ResourceModule; name: string };

/**
 * The list screen of a plain resource, named from a server page by its declaration's module and
 * `name` (data only crosses to the browser; the declaration is loaded there, see
 * lib/resources/modules.ts), with the declaration's `screen` options. The other props are
 * `ResourceListPage`'s that are plain data, over the declaration's.
 */
export function ResourcePage(props: PageProps) {
  // No Suspense boundary of its own: a server render that suspends inside one sends the rows in a
  // hidden block that only a script shows (issue 25); without it the page waits for the declaration.
  return <Loaded {...props} />;
}

function Loaded({ module, name, ...props }: PageProps) {
  const def = use(loadResource(module, name));
  const { formWidth, ...screen } = def.screen ?? {};
  return <ResourceScreen def={def} deletable={!def.noDelete} {...screen} {...props} form={formWidth ? { width: formWidth, ...props.form } : props.form} />;
}

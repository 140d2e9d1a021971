'use client';

import type { ComponentType, ReactNode } from 'react';
import { lazyDialog } from '@/components/common/lazy-dialog';
import type { ResourceFormModalProps } from './resource-form';

// Any record type: the dialog is generic in what it saves; the screen's props keep their type below.
type AnyProps = ResourceFormModalProps<never>;

/**
 * The create/edit dialog (./resource-form.tsx) outside the list screens' first load (issue 17):
 * fetched once the screen is idle, mounted closed, then as before (components/common/lazy-dialog.tsx).
 */
export const ResourceFormModal = lazyDialog<AnyProps>(
  () => import('./resource-form').then((m) => m.ResourceFormModal as unknown as ComponentType<AnyProps>),
  (p) => p.open,
) as unknown as <T>(props: ResourceFormModalProps<T>) => ReactNode;

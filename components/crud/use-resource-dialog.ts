'use client';

import { useState } from 'react';
import { resourceClient, type ResourceClient } from '@/lib/api/resource';
import type { ResourceDecl } from '@/lib/resources/define';
import type { ResourceFormModalProps } from './resource-form';

type Values = Record<string, unknown>;

export interface ResourceDialogOptions<T extends { id: number }> {
  /** Default `resourceClient(def)`. */
  client?: ResourceClient<T>;
  /** Starting values of a new record (laid under the ones `show` gets). */
  initialValues?: Values;
  /** Adjusts the values before they are sent; `record` is null for a new one. */
  transform?: (values: Values, record: T | null) => Values;
  /** After a save, once the dialog is closed: `isCreate` tells a new record from an edited one. */
  onSaved?: (saved: T, isCreate: boolean) => unknown;
}

/**
 * The create/edit dialog of one resource as a prop bag (refine's `useModalForm`): `show()` opens it
 * empty, `show(record)` to edit, `show(null, values)` empty with starting values (a parent chosen in
 * a tree). Spread `formModalProps` onto `ResourceFormModal` and replace any prop inline. The dialog
 * is rendered from the first paint (not loaded on demand), so nothing typed right after 新增 is lost.
 * `useResourceScreen` uses it for its list; a tree or a panel without a list uses it alone.
 */
export function useResourceDialog<T extends { id: number }>(def: ResourceDecl, { client, initialValues, transform, onSaved }: ResourceDialogOptions<T> = {}) {
  const api = client ?? resourceClient<T>(def);
  const [dialog, setDialog] = useState<{ open: boolean; record: T | null; values?: Values }>({ open: false, record: null });
  const show = (record: T | null = null, values?: Values) => setDialog({ open: true, record, values });
  const close = () => setDialog((d) => ({ ...d, open: false }));
  const { record } = dialog;
  const formModalProps: ResourceFormModalProps<T> = {
    def,
    open: dialog.open,
    record,
    initialValues: record ? undefined : initialValues || dialog.values ? { ...initialValues, ...dialog.values } : undefined,
    onClose: close,
    onSaved: (saved) => {
      close();
      void onSaved?.(saved, !record);
    },
    transform: transform && ((values) => transform(values, record)),
    submit: (values) => (record ? api.update(record.id, values as never) : api.create(values as never)),
  };
  return { dialog, show, close, formModalProps };
}

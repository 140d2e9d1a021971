'use client';

import { useState, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import type { ResourceFormModalProps } from './resource-form';

const Modal = dynamic(() => import('./resource-form').then((m) => m.ResourceFormModal), { ssr: false }) as <T>(props: ResourceFormModalProps<T>) => ReactNode;

/**
 * The create/edit dialog (./resource-form.tsx), loaded when it first opens: a list screen's first
 * load does not carry the dialog's inputs (numbers, radios, switches, trees …) until someone adds
 * or edits a record (issue 17). Once open, it stays mounted as before (its closing animation, the
 * fresh form per opening).
 */
export function ResourceFormModal<T>(props: ResourceFormModalProps<T>) {
  const [hasOpened, setHasOpened] = useState(props.open);
  if (props.open && !hasOpened) setHasOpened(true);
  return hasOpened ? <Modal<T> {...props} /> : null;
}

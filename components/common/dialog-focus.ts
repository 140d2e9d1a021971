'use client';

import { useEffect, useRef, type KeyboardEvent } from 'react';

/**
 * Focus and Enter in dialogs (ux-2026-11-28 P2-9): a dialog opens with the keyboard in its first
 * field, never on ×, where typing is lost and Enter closes the dialog with nothing done. The shared
 * resource form (components/crud/resource-form.tsx) and every hand-wired dialog use this one rule.
 */

const FIELDS =
  'input:not([type=hidden]):not([type=file]):not([disabled]):not([readonly]):not([aria-hidden=true]), textarea:not([disabled]):not([readonly]), button[role=switch]:not([disabled]), .ant-radio-wrapper:not(.ant-radio-wrapper-disabled) input';

/** Puts the keyboard in the first field a person can type into or choose from. */
export function focusFirstField(container: HTMLElement | null): boolean {
  const target = container?.querySelector<HTMLElement>(FIELDS);
  if (!target) return false;
  target.focus();
  return document.activeElement === target;
}

/** Whether Enter in this element belongs to the element itself (a list, a date, a button, a new line). */
function ownsEnter(el: HTMLElement): boolean {
  if (!(el instanceof HTMLInputElement)) return true;
  if (el.getAttribute('role') === 'combobox' || el.closest('.ant-picker, .ant-select, .ant-cascader')) return true;
  // A radio or a checkbox has no Enter of its own: the dialog's.
  return ['file', 'submit', 'button'].includes(el.type);
}

/**
 * For a hand-wired dialog: spread `modalProps` on the Modal and `bodyProps` on a wrapper around its
 * content. The first field gets the focus when the dialog opens (at once, and again after the opening
 * animation if the dialog took it). Enter in a text field moves on to the next empty text field or
 * text area, and submits when none is left (新密码 → 确认新密码 → 重置); Ctrl+Enter submits from
 * anywhere, a text area included. Enter in a list, a date picker or a button keeps its own meaning, and never closes
 * the dialog. An IME's Enter (choosing characters) is left alone.
 */
export function useDialogFocus({ open, onSubmit }: { open: boolean; onSubmit?: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => focusFirstField(ref.current), 0);
    return () => clearTimeout(timer);
  }, [open]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.altKey || e.shiftKey || !onSubmit) return;
    const el = e.target as HTMLElement;
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault();
      onSubmit();
      return;
    }
    if (ownsEnter(el)) return;
    e.preventDefault();
    const fields = [...(ref.current?.querySelectorAll<HTMLElement>(FIELDS) ?? [])];
    const next = fields
      .slice(fields.indexOf(el) + 1)
      .find((f) => (f instanceof HTMLTextAreaElement || (f instanceof HTMLInputElement && !ownsEnter(f))) && f.value === '');
    if (next) next.focus();
    else onSubmit();
  };
  return {
    bodyProps: { ref, onKeyDown },
    modalProps: {
      afterOpenChange: (isOpen: boolean) => {
        if (isOpen && !ref.current?.contains(document.activeElement)) focusFirstField(ref.current);
      },
    },
  };
}

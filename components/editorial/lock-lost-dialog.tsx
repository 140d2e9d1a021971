'use client';

import { useEffect, useRef } from 'react';
import { Button, Input, Modal, Space, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import dayjs from 'dayjs';
import { typedText } from './lock-lost';
import type { EditLock } from './use-edit-lock';

/**
 * The moment this tab's edit lock is taken over (issue 23, review P1-1): a dialog in the middle of
 * the screen, wherever the page was scrolled, that takes the keyboard into a text box, so a person
 * typing without looking up loses nothing (keys on a button would be lost, and a space or Enter
 * would press it). What is written there goes back where the caret was when the dialog closes.
 * Esc, 知道了 and the other buttons all keep it; nothing here discards text.
 */
export function LockLostDialog({
  lock,
  label,
  text,
  isDirty,
  onText,
  onKey,
  onClose,
}: {
  lock: EditLock;
  label: string;
  /** What was typed into the dialog (null: closed). */
  text: string | null;
  /** The form has unsaved changes (typed after the last heartbeat, so no revision has them yet). */
  isDirty: boolean;
  onText: (text: string) => void;
  /** A key that reached the dialog but not its text box (while it opens): added to the text. */
  onKey: (text: string) => void;
  onClose: (then: 'stay' | 'revisions' | 'takeover') => void;
}) {
  const box = useRef<TextAreaRef>(null);
  const open = text !== null;
  const focusBox = () => {
    const area = box.current?.resizableTextArea?.textArea;
    if (!area || document.activeElement === area) return;
    area.focus();
    // Reopened by a key typed on the read-only page: the caret after that key.
    area.setSelectionRange(area.value.length, area.value.length);
  };
  // At once, not after the opening animation: keys typed meanwhile would land on the dialog.
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(focusBox, 0);
    return () => clearTimeout(timer);
  }, [open]);
  // Keys that land on the dialog itself while it takes the keyboard (its panel is focused first)
  // join the text; Enter and Space on a button still press it.
  const keyRef = useRef(onKey);
  keyRef.current = onKey;
  useEffect(() => {
    if (!open) return;
    const catchKey = (e: KeyboardEvent) => {
      const target = e.target instanceof HTMLElement ? e.target : null;
      const text = typedText(e);
      if (text === null || e.defaultPrevented || target?.closest('input, textarea, select, [contenteditable=true]')) return;
      if ((text === ' ' || text === '\n') && target?.closest('button, a')) return;
      e.preventDefault();
      keyRef.current(text);
      focusBox();
    };
    document.addEventListener('keydown', catchKey, true);
    return () => document.removeEventListener('keydown', catchKey, true);
  }, [open]);

  const who = lock.holder?.self ? '你在另一个窗口' : (lock.holder?.name ?? '他人');
  const since = lock.holder?.since ? dayjs(lock.holder.since).format('HH:mm') : '';
  return (
    <Modal
      open={open}
      title={`${who}已于 ${since} 接管编辑${lock.ended ? '（现已离开）' : ''}`}
      onCancel={() => onClose('stay')}
      mask={{ closable: false }}
      afterOpenChange={(isOpen) => isOpen && focusBox()}
      destroyOnHidden
      footer={
        <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={() => onClose('revisions')}>查看修订</Button>
          <Button onClick={() => onClose('takeover')}>重新接管</Button>
          <Button type="primary" onClick={() => onClose('stay')}>
            知道了
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>
        本页现在只能查看，不能再保存这篇{label}。
        {lock.savedRevisionId
          ? `你尚未保存的内容已存为修订 #${lock.savedRevisionId}，不会丢失。`
          : isDirty
            ? '你尚未保存的内容会在关闭本对话框时存为修订，不会丢失。'
            : '你没有未保存的内容。'}
      </Typography.Paragraph>
      <label htmlFor="lock-lost-text" style={{ display: 'block', marginBottom: 4 }}>
        此后输入的文字记在这里
      </label>
      <Input.TextArea
        id="lock-lost-text"
        ref={box}
        value={text ?? ''}
        onChange={(e) => onText(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 8 }}
        aria-describedby="lock-lost-text-hint"
      />
      <Typography.Paragraph type="secondary" id="lock-lost-text-hint" style={{ marginTop: 4, marginBottom: 0 }}>
        关闭本对话框时，这些文字会放回你刚才输入的位置，并和其他未保存的内容一起存进你的副本和修订记录。重新接管或对方离开后点「开始编辑」，可以接着编辑和保存。
      </Typography.Paragraph>
    </Modal>
  );
}

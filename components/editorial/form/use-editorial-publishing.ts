'use client';

import { useCallback, useRef, useState } from 'react';
import type { FormInstance } from 'antd';
import { http, isFailure } from '@/lib/http';
import type { TransitionReply } from '@/lib/api/workflow';
import { landedText } from '@/lib/resources/publishing';
import type { ChecklistItem, EditorialFormTarget, EditorialRecord } from '../editorial-target';
import { beforeSending, savesFirst, sendRefused, type Busy, type SendAction } from './publishing';
import { refusalOf } from './record';
import type { EditorialRecordPart } from './use-editorial-record';

interface Say {
  success(text: string): void;
  error(props: { title: string; content: string }): void;
}

/**
 * The publishing part of the editorial form (issue 25 item 5): 提交审核 and 发布 with the times of
 * 发布设置 (saved first when anything is unsaved), the checklist before sending (去补充, 仍然提交 /
 * 仍然发布), 预览 of what is stored, and which of these is under way (`busy`, shared with 存草稿).
 */
export function useEditorialPublishing<F extends object, R extends EditorialRecord>(
  target: EditorialFormTarget<F, R>,
  {
    form,
    rec,
    readOnly,
    save,
    refresh,
    changed,
    onSessionEnded,
    say,
  }: {
    form: FormInstance<F>;
    rec: EditorialRecordPart<F, R>;
    readOnly: boolean;
    save: () => Promise<R | null>;
    refresh: (id: number) => Promise<void>;
    changed: () => void;
    onSessionEnded: () => void;
    say: Say;
  },
) {
  const [busy, setBusy] = useState<Busy>(null);
  /** The checklist shown before sending, when something is missing. */
  const [checklist, setChecklist] = useState<{ action: SendAction; items: ChecklistItem<F>[] } | null>(null);
  /** The field 去补充 went to, focused again once the checklist has closed. */
  const fixingField = useRef<keyof F | null>(null);
  const { currentFields, record, isDirty, idRef, times } = rec;

  /** What is missing before sending (after the defaults are filled in); empty when all is there. */
  const missing = useCallback(() => {
    const { fill, items } = beforeSending(target, currentFields());
    if (fill) {
      form.setFieldsValue(fill as Parameters<typeof form.setFieldsValue>[0]);
      changed();
    }
    return items;
  }, [target, currentFields, form, changed]);

  /** 提交审核 or 发布, with the times of 发布设置: saved first when anything is unsaved. */
  const send = async (action: SendAction, { skipChecklist = false } = {}): Promise<boolean> => {
    if (!skipChecklist) {
      const items = missing();
      if (items.length) {
        setChecklist({ action, items });
        return false;
      }
    }
    setChecklist(null);
    setBusy(action);
    const saved = savesFirst({ isDirty, id: idRef.current }) ? await save() : record;
    if (!saved) {
      setBusy(null);
      return false;
    }
    const body = { publishAt: times.publishAt, offlineAt: times.offlineAt };
    const reply = await http.main.send<TransitionReply>('PUT', `/api/${target.path}/${action}/${saved.id}`, body);
    setBusy(null);
    if (!isFailure(reply) && reply.httpStatus === 401) {
      onSessionEnded();
      return false;
    }
    if (isFailure(reply) || reply.body.status !== 0 || !reply.body.data) {
      say.error(sendRefused(action, refusalOf(reply)));
      return false;
    }
    await refresh(saved.id);
    say.success(landedText(reply.body.data.status));
    return true;
  };

  /** 预览 shows what is stored: saved first when there is anything unsaved. */
  const preview = async () => {
    const win = window.open('about:blank', '_blank');
    setBusy('preview');
    const saved = savesFirst({ isDirty, id: idRef.current }) && !readOnly ? await save() : record;
    setBusy(null);
    if (!saved) {
      win?.close();
      return;
    }
    const url = target.previewPath(saved.id);
    if (win) win.location.href = url;
    else window.location.assign(url);
  };

  const focusField = (name: keyof F | null | undefined) => name && form.scrollToField(name as never, { block: 'center', focus: true });

  return {
    busy,
    setBusy,
    checklist,
    preview,
    submit: () => send('submit'),
    publish: () => send('publish'),
    /** 仍然提交 / 仍然发布: send without the checklist. */
    sendAnyway: () => checklist && send(checklist.action, { skipChecklist: true }),
    /** 去补充: close the checklist and go to the first missing field. */
    fixChecklist: () => {
      const first = checklist?.items[0];
      setChecklist(null);
      fixingField.current = first?.name ?? null;
      focusField(first?.name);
    },
    /**
     * The checklist has closed: a dialog hands the focus back to the button that opened it (发布 or
     * 提交审核, pressed from the keyboard), so 去补充's field takes it again (review P2-9).
     */
    checklistClosed: () => {
      const name = fixingField.current;
      fixingField.current = null;
      focusField(name);
    },
  };
}

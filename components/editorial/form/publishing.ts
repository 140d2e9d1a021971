/**
 * The publishing part of the editorial form (issue 25 item 5), its rules without React: when a
 * send or a preview saves first, what is missing before sending, and what a refused send says.
 * The hook is ./use-editorial-publishing.ts.
 */
import type { ChecklistItem, EditorialFormTarget, EditorialRecord } from '../editorial-target';

export type Busy = null | 'save' | 'preview' | 'submit' | 'publish';
export type SendAction = 'submit' | 'publish';

/** 提交审核, 发布 and 预览 act on what is stored: anything unsaved, or a new item, is saved first. */
export function savesFirst({ isDirty, id }: { isDirty: boolean; id: number | null }): boolean {
  return isDirty || !id;
}

/**
 * What to check before sending: the defaults to fill in first (a gallery's cover), then what is
 * still missing on the filled fields (分类, 封面, 摘要); empty when all is there.
 */
export function beforeSending<F extends object>(
  target: Pick<EditorialFormTarget<F, EditorialRecord>, 'fill' | 'checklist' | 'fieldsOf'>,
  fields: F,
): { fill: Partial<F> | null; items: ChecklistItem<F>[] } {
  const fill = target.fill?.(fields) ?? null;
  const filled = fill ? target.fieldsOf({ ...fields, ...fill }) : fields;
  return { fill, items: target.checklist?.(filled) ?? [] };
}

/** A send the server refused: the dialog's title and words (the changes were saved before it). */
export function sendRefused(action: SendAction, refusal: string) {
  return { title: action === 'submit' ? '提交审核失败' : '发布失败', content: `${refusal}（修改已保存）` };
}

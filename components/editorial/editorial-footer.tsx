'use client';

import { Button } from 'antd';
import { EyeOutlined, SaveOutlined, SendOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { ActionFooter } from '@/components/layout/action-footer';

export interface EditorFooterProps {
  busy: null | string;
  /** Holders of /article/check publish directly; others submit for review (DESIGN §8). */
  canPublish: boolean;
  isDirty: boolean;
  /** Never saved yet. */
  isNew?: boolean;
  disabled?: boolean;
  /** Someone else holds the edit lock: saving and sending are off, preview stays. */
  readOnly?: boolean;
  /** Why 提交审核 / 发布 is off while saving is not (already pending or published), or nothing. */
  sendOff?: string;
  onSaveDraft: () => void;
  onPreview: () => void;
  onSubmit: () => void;
  onPublish: () => void;
}

/** The editors' fixed 80 px footer (DESIGN §7), the same in all four (issue 15): 存草稿, 预览, and 提交审核 or 发布. */
export function EditorFooter({
  busy,
  canPublish,
  isDirty,
  isNew,
  disabled,
  readOnly = false,
  sendOff,
  onSaveDraft,
  onPreview,
  onSubmit,
  onPublish,
}: EditorFooterProps) {
  const isBusy = busy !== null;
  // Read-only (someone else holds the edit lock): preview stays, nothing can be saved or sent.
  const isWriteOff = disabled || readOnly;
  return (
    <ActionFooter label="保存与发布" hint={readOnly ? '现在只能查看（见页面上方的说明）' : isDirty ? '有未保存的修改' : isNew ? '尚未保存' : '所有修改已保存'}>
      <Button icon={<SaveOutlined aria-hidden />} loading={busy === 'save'} disabled={isWriteOff || (isBusy && busy !== 'save')} onClick={onSaveDraft}>
        存草稿
      </Button>
      <Button icon={<EyeOutlined aria-hidden />} loading={busy === 'preview'} disabled={disabled || (isBusy && busy !== 'preview')} onClick={onPreview}>
        预览
      </Button>
      {canPublish ? (
        <Button
          type="primary"
          icon={<CheckCircleOutlined aria-hidden />}
          loading={busy === 'publish'}
          disabled={isWriteOff || Boolean(sendOff) || (isBusy && busy !== 'publish')}
          title={sendOff}
          onClick={onPublish}
        >
          发布
        </Button>
      ) : (
        <Button
          type="primary"
          icon={<SendOutlined aria-hidden />}
          loading={busy === 'submit'}
          disabled={isWriteOff || Boolean(sendOff) || (isBusy && busy !== 'submit')}
          title={sendOff}
          onClick={onSubmit}
        >
          提交审核
        </Button>
      )}
    </ActionFooter>
  );
}

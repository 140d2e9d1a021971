'use client';

import { Alert, Button, Popconfirm, Space } from 'antd';
import dayjs from 'dayjs';
import type { EditLock } from './use-edit-lock';

const at = (iso: string | undefined) => (iso ? dayjs(iso).format('HH:mm') : '');

/**
 * What the editor screen says about its edit lock (DESIGN §8): who else is editing and since
 * when, with 接管编辑; that this tab was taken over and where its unsaved copy went; that the
 * other editor left. Nothing while this tab holds the lock.
 */
export function LockBanner({
  lock,
  label = '文章',
  onShowRevisions,
}: {
  lock: EditLock;
  label?: string;
  onShowRevisions?: (revisionId: number | null) => void;
}) {
  const { state, holder, savedRevisionId, message } = lock;
  if (state === 'idle' || state === 'held' || state === 'acquiring') return null;
  if (state === 'offline') {
    return (
      <Alert
        role="status"
        type="warning"
        showIcon
        title="与服务器的连接中断"
        description={`编辑锁暂时无法续期；你的内容仍在本页，连接恢复后会自动续期。请不要关闭页面。`}
      />
    );
  }
  if (state === 'free') {
    return (
      <Alert
        role="status"
        type="info"
        showIcon
        title={`对方已离开，这篇${label}现在没有人在编辑`}
        action={
          <Button type="primary" size="small" onClick={() => void lock.acquire()}>
            开始编辑
          </Button>
        }
      />
    );
  }
  if (state === 'takenOver') {
    return (
      <Alert
        role="alert"
        type="error"
        showIcon
        title={`${holder?.name ?? '他人'}已于 ${at(holder?.since)} 接管编辑${lock.ended ? '（现已离开）' : ''}`}
        description={
          savedRevisionId
            ? `你尚未保存的内容已存为修订 #${savedRevisionId}，可以在「修订记录」中查看、对比和恢复。现在本页只能查看。`
            : '你没有未保存的内容。现在本页只能查看。'
        }
        action={
          <Space orientation="vertical" size={4}>
            {onShowRevisions && (
              <Button size="small" onClick={() => onShowRevisions(savedRevisionId)}>
                查看修订
              </Button>
            )}
            <TakeoverButton lock={lock} label={label} again />
          </Space>
        }
      />
    );
  }
  // locked
  if (!holder) return <Alert role="alert" type="warning" showIcon title={message || `不能编辑这篇${label}`} />;
  return (
    <Alert
      role="alert"
      type="warning"
      showIcon
      title={holder.self ? `你正在另一个窗口编辑这篇${label}（${at(holder.since)} 起）` : `${holder.name}正在编辑这篇${label}（${at(holder.since)} 起）`}
      description={`现在本页只能查看。接管后对方将不能再保存，对方未保存的内容会先存为修订，不会丢失。`}
      action={<TakeoverButton lock={lock} label={label} />}
    />
  );
}

function TakeoverButton({ lock, label, again = false }: { lock: EditLock; label: string; again?: boolean }) {
  const name = lock.holder?.self ? '另一个窗口' : (lock.holder?.name ?? '对方');
  return (
    <Popconfirm
      title={again ? '重新接管编辑？' : `接管这篇${label}的编辑？`}
      description={`${name}将不能再保存；其未保存的内容会先存为修订。`}
      okText="接管"
      cancelText="取消"
      onConfirm={() => lock.takeover()}
    >
      <Button size="small" type={again ? 'default' : 'primary'} danger={!again}>
        {again ? '重新接管' : '接管编辑'}
      </Button>
    </Popconfirm>
  );
}

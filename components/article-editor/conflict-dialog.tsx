'use client';

import { useMemo, useState } from 'react';
import { Alert, Button, Modal, Radio, Space, Typography } from 'antd';
import { fieldsOf, type ArticleFields, type ArticleRecord } from '@/lib/api/articles';
import { differingFields, FIELD_LABELS, mergeFields, plainText, type FieldName, type Side } from './conflict';

function show(name: FieldName, value: unknown): string {
  if (value === null || value === undefined || value === '') return '（空）';
  if (name === 'content') return plainText(String(value)) || '（空）';
  if (name === 'images') return (value as ArticleFields['images']).map((i, n) => `${n + 1}. ${i.caption || i.url}`).join('\n') || '（无图片）';
  if (Array.isArray(value)) return value.length ? value.map((v) => `#${v}`).join('、') : '（无）';
  if (typeof value === 'number') return `#${value}`;
  return String(value);
}

const box: React.CSSProperties = { whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 220, overflow: 'auto', margin: 0, padding: 8, background: '#fafafa', border: '1px solid #f0f0f0', borderRadius: 4, fontSize: 13 };

/**
 * A stale save (DESIGN §8): someone saved the article after this copy was opened. Both sides,
 * field by field; the editor keeps theirs, takes the server's, or picks per field, and the result
 * is saved against the current version. Nothing typed is thrown away without being chosen.
 */
export function ConflictDialog({ mine, current, message, onResolve, onCancel }: { mine: ArticleFields; current: ArticleRecord; message?: string; onResolve: (merged: ArticleFields, save: boolean) => void; onCancel: () => void }) {
  const theirs = useMemo(() => fieldsOf(current), [current]);
  const fields = useMemo(() => differingFields(mine, theirs), [mine, theirs]);
  const [choices, setChoices] = useState<Partial<Record<FieldName, Side>>>({});
  return (
    <Modal
      open
      width={960}
      title="文章已被他人修改"
      onCancel={onCancel}
      mask={{ closable: false }}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onCancel}>稍后处理</Button>
          <Button onClick={() => onResolve(theirs, false)}>全部采用服务器版本</Button>
          <Button onClick={() => onResolve(mine, true)}>全部保留我的并保存</Button>
          <Button type="primary" onClick={() => onResolve(mergeFields(mine, theirs, choices), true)}>
            按选择合并并保存
          </Button>
        </Space>
      }
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title={message ?? '你打开之后，文章被保存过'}
        description={`当前版本 ${current.version}，由 ${current.editorName ?? '他人'} 于 ${new Date(current.updatedAt).toLocaleString('zh-CN')} 保存。下面逐项列出不同之处，请为每一项选择保留哪一边（默认保留你的）。`}
      />
      {fields.length === 0 ? (
        <Typography.Paragraph>两边内容相同，可以直接保存。</Typography.Paragraph>
      ) : (
        <div data-testid="conflict-table">
          <div aria-hidden style={{ display: 'grid', gridTemplateColumns: '90px 1fr 1fr', gap: 8, fontWeight: 600, padding: '4px 0' }}>
            <span>字段</span>
            <span>我的版本</span>
            <span>服务器版本</span>
          </div>
          {fields.map((name) => {
            const side = choices[name] ?? 'mine';
            return (
              <div role="group" aria-labelledby={`conflict-label-${name}`} key={name} data-testid={`conflict-${name}`} className="conflict-row">
                <span id={`conflict-label-${name}`}>
                  <Typography.Text strong>{FIELD_LABELS[name]}</Typography.Text>
                </span>
                <Radio.Group value={side} onChange={(e) => setChoices((c) => ({ ...c, [name]: e.target.value as Side }))} style={{ display: 'contents' }} aria-label={`${FIELD_LABELS[name]}保留哪一边`}>
                  <div>
                    <Radio value="mine">保留我的</Radio>
                    <pre style={{ ...box, borderColor: side === 'mine' ? '#1677ff' : '#f0f0f0' }}>{show(name, mine[name])}</pre>
                  </div>
                  <div>
                    <Radio value="theirs">采用服务器的</Radio>
                    <pre style={{ ...box, borderColor: side === 'theirs' ? '#1677ff' : '#f0f0f0' }}>{show(name, theirs[name])}</pre>
                  </div>
                </Radio.Group>
              </div>
            );
          })}
        </div>
      )}
      <style>{`
        .conflict-row { display: grid; grid-template-columns: 90px 1fr 1fr; gap: 8px; padding: 8px 0; border-top: 1px solid #f0f0f0; }
        @media (max-width: 640px) { .conflict-row { grid-template-columns: 1fr; } }
      `}</style>
    </Modal>
  );
}

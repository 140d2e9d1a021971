'use client';

import { useState } from 'react';
import { Form, Modal, Typography } from 'antd';
import { InUseLinks } from '@/components/crud';
import { CategorySelect } from '@/components/articles/list/pickers';
import { isOk } from '@/lib/api/resource';
import { http } from '@/lib/http';
import { inUseCount, type InUseItem } from '@/lib/in-use';
import type { Category } from '@/lib/api/types';

/**
 * A category that articles still use cannot simply be deleted (issue 14). When articles are all that
 * keep it, this offers to move them to another category and delete it in the same step
 * (`DELETE /api/categories/{id}?moveTo={otherId}`: one transaction, each move logged, under the
 * article list's rules for 移动到分类). Anything else that uses it is listed with its link instead.
 */
export function MoveAndDeleteDialog({
  category,
  message,
  items,
  onClose,
  onDeleted,
}: {
  category: Category;
  message: string;
  items: InUseItem[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [target, setTarget] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const movable = items.length === 1 && items[0].key === 'articles' ? items[0] : null;

  const submit = async () => {
    if (!target) return;
    setBusy(true);
    const reply = await http.main.del(`/api/categories/${category.id}`, { moveTo: target });
    setBusy(false);
    if (isOk(reply)) onDeleted();
  };

  return (
    <Modal
      open
      title={`删除分类「${category.name}」`}
      onCancel={onClose}
      onOk={movable ? submit : onClose}
      okText={movable ? '移动并删除' : '知道了'}
      okButtonProps={movable ? { danger: true, disabled: !target, loading: busy } : undefined}
      cancelButtonProps={movable ? undefined : { style: { display: 'none' } }}
      cancelText="取消"
      destroyOnHidden
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>{message}</Typography.Paragraph>
      <InUseLinks items={items} onNavigate={onClose} />
      {movable ? (
        <Form layout="vertical" style={{ marginTop: 16 }} onFinish={submit}>
          <Form.Item
            label={`将这 ${inUseCount(movable)}移到…`}
            htmlFor="move-target"
            required
            extra="移动后删除这个分类。已发布或定时发布的文章需要「内容审核」权限才能移动；每篇的移动都记入操作日志。"
          >
            <CategorySelect
              id="move-target"
              aria-label="移到分类"
              value={target}
              onChange={setTarget}
              disabledId={category.id}
              allowClear={false}
              placeholder="选择分类"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Form>
      ) : (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          不再使用后即可删除（改用其他分类，或先删除它们）。
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

'use client';

import { useEffect } from 'react';
import Link from 'next/link';
import { Typography } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { isPathAllowed } from '@/lib/guard';
import { setInUseHandler } from '@/lib/http';
import { inUseCount, inUseOf, type InUseItem, type InUseRefusal } from '@/lib/in-use';
import { useUserStore } from '@/stores/user';

/** 「查看这 12 篇文章」: the link to the list filtered to them. */
export const inUseLinkText = (item: InUseItem) => `查看这 ${inUseCount(item)}`;

/**
 * What still uses a record, one line per kind, each with a link to the list filtered to them when
 * there is one and the viewer may open that screen. Used by the refusal dialog and by screens that
 * offer more (分类's move-then-delete).
 */
export function InUseLinks({ items, onNavigate }: { items: InUseItem[]; onNavigate?: () => void }) {
  const auth = useUserStore((s) => s.auth);
  return (
    <ul style={{ margin: '8px 0 0', paddingInlineStart: 20 }}>
      {items.map((item) => {
        const path = item.link?.split('?')[0];
        return (
          <li key={item.key}>
            {inUseCount(item)}
            {item.link && path && isPathAllowed(path, auth) && (
              <>
                {'：'}
                <Link href={item.link} onClick={onNavigate}>
                  {inUseLinkText(item)}
                </Link>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Installs the one handler of "still in use" refusals (lib/http `setInUseHandler`): every delete of
 * every screen that meets such a 409 shows this dialog instead of a toast. Mounted once by the shell.
 */
export function useInUseRefusals() {
  const { modal } = useApp();
  useEffect(() => {
    setInUseHandler((body) => {
      const items = inUseOf(body.data);
      if (!items) return;
      const { title, hint } = (body.data ?? {}) as Partial<InUseRefusal>;
      const dialog = modal.warning({
        title: title ?? '不能删除',
        content: (
          <>
            <Typography.Paragraph style={{ marginBottom: 0 }}>{body.message}</Typography.Paragraph>
            <InUseLinks items={items} onNavigate={() => dialog.destroy()} />
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              {hint ?? '不再使用后即可删除（改用其他项，或先删除它们）。'}
            </Typography.Paragraph>
          </>
        ),
        okText: '知道了',
      });
    });
    return () => setInUseHandler(null);
  }, [modal]);
}

'use client';

import { useState } from 'react';
import { Button, Typography } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { LinkOutlined } from '@ant-design/icons';
import { previewTokenApi } from '@/lib/api/delivery';
import { isOk } from '@/lib/api/resource';
import { formatDateTime } from '@/components/crud';

/**
 * 预览链接 (DESIGN §12): a short-lived link to this article or short video as it is now, published or not, for the
 * site's preview page. `NEXT_PUBLIC_PREVIEW_URL` (`https://www.example.com/preview/{token}`) names
 * that page; without it the link is the delivery API's own `preview/{token}` address (read with an
 * API key). Copied when the browser allows it, and shown to copy by hand.
 */
export function PreviewLinkButton({ type, id }: { type: keyof typeof previewTokenApi; id: number }) {
  const { message } = useApp();
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const make = async () => {
    setBusy(true);
    const reply = await previewTokenApi[type](id);
    setBusy(false);
    if (!isOk(reply)) return;
    const template = process.env.NEXT_PUBLIC_PREVIEW_URL;
    const url = template ? template.replace('{token}', reply.data.token) : `${window.location.origin}${reply.data.path}`;
    setLink({ url, expiresAt: reply.data.expiresAt });
    try {
      await navigator.clipboard.writeText(url);
      message.success('预览链接已复制');
    } catch {
      message.info('请复制下方的预览链接');
    }
  };
  return (
    <div style={{ marginTop: 8 }}>
      <Button size="small" icon={<LinkOutlined aria-hidden />} loading={busy} onClick={() => void make()}>
        预览链接
      </Button>
      {link && (
        <>
          <Typography.Paragraph
            data-testid="preview-link"
            copyable={{ text: link.url, tooltips: ['复制', '已复制'] }}
            style={{ marginTop: 8, marginBottom: 0, wordBreak: 'break-all', fontSize: 12 }}
          >
            {link.url}
          </Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            有效至 {formatDateTime(link.expiresAt)}，可看到尚未发布的内容，请只发给需要预览的人。
          </Typography.Text>
        </>
      )}
    </div>
  );
}

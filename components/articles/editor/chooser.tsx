'use client';

import Link from 'next/link';
import { Empty, Typography } from 'antd';
import { Card } from '@/components/common/card';
import { FileTextOutlined, PictureOutlined, PlaySquareOutlined } from '@ant-design/icons';
import { ARTICLE_KINDS } from '@/lib/resources/articles';
import { useUserStore } from '@/stores/user';

const ABOUT: Record<string, { text: string; icon: React.ReactNode }> = {
  article: { text: '图文排版，可插入视频、VR、询价、投票和图集', icon: <FileTextOutlined aria-hidden /> },
  gallery: { text: '一组有顺序的图片，每张配说明', icon: <PictureOutlined aria-hidden /> },
  video: { text: '一个视频，配封面和描述', icon: <PlaySquareOutlined aria-hidden /> },
};

/** 发布内容: choose what to write; each card is a link to its editor (only the kinds one may write). */
export function ContentChooser() {
  const auth = useUserStore((s) => s.auth);
  const kinds = ARTICLE_KINDS.filter((k) => auth[k.route]);
  return (
    <section aria-label="选择内容类型">
      <Typography.Paragraph type="secondary">选择要发布的内容类型：</Typography.Paragraph>
      {kinds.length === 0 ? (
        <Empty description="你的角色没有发布内容的权限，请联系管理员开通「写文章」「发图集」或「发视频文章」" />
      ) : (
        <ul className="content-chooser" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {kinds.map((k) => (
            <li key={k.value}>
              <Link href={k.route} className="content-chooser-card" data-testid={`choose-${k.value}`}>
                <Card hoverable style={{ height: '100%' }}>
                  <span style={{ fontSize: 36, color: '#1677ff' }}>{ABOUT[k.value].icon}</span>
                  <Typography.Title level={2} style={{ fontSize: 18, margin: '8px 0 4px' }}>
                    {k.label}
                  </Typography.Title>
                  <Typography.Text type="secondary">{ABOUT[k.value].text}</Typography.Text>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <style>{`
        .content-chooser { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 16px; max-width: 960px; }
        .content-chooser-card { display: block; height: 100%; border-radius: 8px; }
        .content-chooser-card:focus-visible { outline: 2px solid #1677ff; outline-offset: 2px; }
      `}</style>
    </section>
  );
}

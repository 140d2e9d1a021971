'use client';

import { Tag, Tooltip } from 'antd';

/** Why an item that was never checked reads as it does (the server's words are the tag's text). */
const UNCHECKED_TIP = '词库里没有敏感词，也没有配置外部内容检测服务（CONTENT_CHECK_URL），所以这份稿件没有经过任何检测。请在「敏感词库」中添加敏感词。';
const NEVER_TIP = '保存时没有进行内容检测；审核通过时会自动检测。';

/**
 * The 内容检测 cell of a list: 「N 个敏感词」 (red), what the server says when nothing checked the
 * item (「词库为空，未做检测」, orange), or 「未发现」 (green) only when something did look.
 */
export function CheckSummaryTag({ hits, unchecked }: { hits: number; unchecked?: string | null }) {
  if (hits > 0) return <Tag color="red">{hits} 个敏感词</Tag>;
  if (unchecked) {
    return (
      <Tooltip title={unchecked === '尚未检测' ? NEVER_TIP : UNCHECKED_TIP}>
        <Tag color="warning" tabIndex={0} data-testid="check-unchecked">
          {unchecked}
        </Tag>
      </Tooltip>
    );
  }
  return <Tag color="green">未发现</Tag>;
}

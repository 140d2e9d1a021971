'use client';

import type { CSSProperties, ReactNode } from 'react';
import { Typography } from 'antd';
import { FOOTER_HEIGHT, SIDEBAR_FOLDED_WIDTH, SIDEBAR_WIDTH } from '@/lib/constants';
import { useUserStore } from '@/stores/user';

/**
 * The editors' fixed 80 px footer (DESIGN §7), shared by 写文章, 发图集, 发视频文章 and 发布短视频:
 * fixed to the bottom of the window beside the sidebar, open or folded (as ant-design-pro's
 * FooterToolbar does), across the whole width on a narrow screen where the sidebar is a drawer. A
 * spacer of its height ends the page so nothing is left underneath it. A hint on the left (hidden on
 * phones), the actions on the right, wrapping to a second line inside the 80 px only if they must.
 */
export function ActionFooter({ hint, label, children }: { hint?: ReactNode; label: string; children: ReactNode }) {
  const isFolded = useUserStore((s) => s.fold);
  return (
    <>
      <div aria-hidden style={{ height: FOOTER_HEIGHT + 16 }} />
      <footer
        className="action-footer"
        aria-label={label}
        style={{ '--action-footer-left': `${isFolded ? SIDEBAR_FOLDED_WIDTH : SIDEBAR_WIDTH}px` } as CSSProperties}
      >
        {hint !== undefined && (
          <Typography.Text type="secondary" className="action-footer-hint">
            {hint}
          </Typography.Text>
        )}
        <div className="action-footer-actions">{children}</div>
      </footer>
      <style>{`
        .action-footer { position: fixed; left: var(--action-footer-left); right: 0; bottom: 0; z-index: 20; height: ${FOOTER_HEIGHT}px; display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 0 24px; background: #fff; border-top: 1px solid #f0f0f0; box-shadow: 0 -2px 8px rgba(0,0,0,0.06); transition: left 0.2s; }
        .action-footer-hint { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .action-footer-actions { display: flex; flex-wrap: wrap; justify-content: flex-end; align-items: center; gap: 8px; margin-left: auto; }
        /* Below the shell's lg breakpoint the sidebar is a drawer (app/globals.css). */
        @media (max-width: 991.98px) { .action-footer { left: 0; padding: 0 12px; } }
        @media (max-width: 575.98px) { .action-footer-hint { display: none; } .action-footer-actions { gap: 8px 6px; } }
      `}</style>
    </>
  );
}

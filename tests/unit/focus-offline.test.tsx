import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SlotStatusTag } from '@/components/operations/focus-fields';
import { OfflineFocusNotice } from '@/components/home/workbench';
import { SLOT_STATUS, slotStatus } from '@/lib/resources/operations';

afterEach(cleanup);

/** Issue 15 (review P2-4): a slot whose content went offline does not say 展示中. */
describe('focus slots whose content went offline', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const at = (h: number) => new Date(now.getTime() + h * 3600_000).toISOString();

  it('reads 内容已下线 where it would show; 已过期 and 已停用 still win', () => {
    expect(slotStatus({ enabled: true, startAt: at(-1), endAt: null, targetOffline: true }, now)).toBe('offline');
    expect(slotStatus({ enabled: true, startAt: at(1), endAt: null, targetOffline: true }, now)).toBe('offline');
    expect(slotStatus({ enabled: false, startAt: at(-1), endAt: null, targetOffline: true }, now)).toBe('disabled');
    expect(slotStatus({ enabled: true, startAt: at(-5), endAt: at(-1), targetOffline: true }, now)).toBe('expired');
    expect(slotStatus({ enabled: true, startAt: at(-1), endAt: null, targetOffline: false }, now)).toBe('live');
    expect(SLOT_STATUS.offline).toEqual({ label: '内容已下线', color: 'error' });
  });

  it('the status tag is red and says 内容已下线', () => {
    render(<SlotStatusTag slot={{ enabled: true, startAt: at(-1), endAt: null, targetOffline: true }} />);
    const tag = screen.getByText('内容已下线');
    expect(tag.getAttribute('data-status')).toBe('offline');
    expect(tag.className).toContain('error');
    expect(screen.queryByText('展示中')).toBeNull();
  });

  it('the workbench counts them and links each list', () => {
    render(
      <OfflineFocusNotice
        groups={[
          { label: '首页焦点图 · APP', href: '/operation/focus?platform=app&status=offline', count: 2, reason: 'offline' },
          { label: '视频焦点图 · APP', href: '/operation/videofocus?platform=app&status=offline', count: 1, reason: 'offline' },
        ]}
      />,
    );
    expect(screen.getByText('3 个焦点图展示的内容已下线，读者点开会找不到页面')).toBeTruthy();
    expect(screen.getByRole('link', { name: '首页焦点图 · APP' }).getAttribute('href')).toBe('/operation/focus?platform=app&status=offline');
  });

  it('issue 24 (review P2-2): a slot whose article is scheduled reads 待发布, not 展示中, until the article is out', () => {
    const soon = at(2);
    expect(slotStatus({ enabled: true, startAt: at(-1), endAt: null, targetPending: true, targetPublishAt: soon }, now)).toBe('pending');
    // Its own start still ahead: the content is what keeps readers from it first.
    expect(slotStatus({ enabled: true, startAt: at(1), endAt: null, targetPending: true, targetPublishAt: soon }, now)).toBe('pending');
    // Off or ended wins, as for 内容已下线.
    expect(slotStatus({ enabled: false, startAt: at(-1), endAt: null, targetPending: true, targetPublishAt: soon }, now)).toBe('disabled');
    expect(slotStatus({ enabled: true, startAt: at(-5), endAt: at(-1), targetPending: true, targetPublishAt: soon }, now)).toBe('expired');
    render(<SlotStatusTag slot={{ enabled: true, startAt: at(-1), endAt: null, targetPending: true, targetPublishAt: soon }} />);
    expect(screen.getByText('待发布').getAttribute('data-status')).toBe('pending');
    expect(screen.queryByText('展示中')).toBeNull();
  });

  it('the workbench counts 待发布 slots with the unseen ones, each linking its filtered list', () => {
    render(
      <OfflineFocusNotice
        groups={[
          { label: '首页焦点图 · APP', href: '/operation/focus?platform=app&status=offline', count: 1, reason: 'offline' },
          { label: '首页焦点图 · APP', href: '/operation/focus?platform=app&status=pending', count: 2, reason: 'pending' },
        ]}
      />,
    );
    expect(screen.getByText('3 个焦点图读者看不到：1 个的内容已下线，2 个的内容尚未发布')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: '首页焦点图 · APP' }).map((a) => a.getAttribute('href'))).toEqual([
      '/operation/focus?platform=app&status=offline',
      '/operation/focus?platform=app&status=pending',
    ]);
  });
});

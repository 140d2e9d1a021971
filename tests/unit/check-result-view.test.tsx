import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckResultView, CheckSummaryTag } from '@/components/articles/review';

afterEach(cleanup);

const at = '2026-11-22T06:05:00.000Z';

/** Issue 15 (review P2-3): what nothing checked never reads as a pass. */
describe('the content check as reviewers see it', () => {
  it('the queue cell: hits, nothing checked, or 未发现 only when something looked', () => {
    render(
      <>
        <CheckSummaryTag hits={2} unchecked={null} />
        <CheckSummaryTag hits={0} unchecked="词库为空，未做检测" />
        <CheckSummaryTag hits={0} unchecked={null} />
      </>,
    );
    expect(screen.getByText('2 个敏感词')).toBeTruthy();
    expect(screen.getByText('词库为空，未做检测')).toBeTruthy();
    expect(screen.getAllByText('未发现')).toHaveLength(1);
  });

  it('the reading view: 词库为空，未做检测 with the way to the dictionary, not 内容检测通过', () => {
    const { container } = render(
      <CheckResultView result={{ hits: [], service: { status: 'off', note: '未配置外部内容检测服务' }, checkedAt: at, unchecked: '词库为空，未做检测' }} />,
    );
    expect(container.textContent).toContain('词库为空，未做检测');
    expect(container.textContent).not.toContain('内容检测通过');
    expect(screen.getByRole('link', { name: '去敏感词库添加敏感词' }).getAttribute('href')).toBe('/article/sensitiveWords');
  });

  it('a checked text with nothing found still reads 内容检测通过', () => {
    const { container } = render(<CheckResultView result={{ hits: [], service: { status: 'off', note: '' }, checkedAt: at }} />);
    expect(container.textContent).toContain('内容检测通过');
  });
});

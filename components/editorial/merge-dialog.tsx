'use client';

import { useMemo, useState } from 'react';
import { Alert, Button, Modal, Radio, Space, Typography } from 'antd';
import { joinBody, type BodyChoice, type BodyPart } from '@/lib/merge';
import type { EditorialFormTarget, EditorialRecord } from './editorial-target';
import { type PendingMerge } from './form/merge';
import { savedByText } from './form/record';
import styles from './editorial.module.css';

type Side = 'mine' | 'theirs';

/**
 * The one conflict dialog of the four editors (issue 15): a three-way merge against the version
 * the editor opened. What only one side changed is already merged (and named); only what both
 * changed differently is asked, each with no default, so the main button can never put an old
 * value back over a colleague's fix. A body both changed is merged by paragraph: only paragraphs
 * both changed are shown side by side, with 保留我的 / 采用对方的 / 两段都保留.
 */
export function MergeDialog<F extends object, R extends EditorialRecord>({
  pending,
  target,
  onResolve,
  onCancel,
}: {
  pending: PendingMerge<F, R>;
  target: EditorialFormTarget<F, R>;
  onResolve: (merged: F, save: boolean) => void;
  onCancel: () => void;
}) {
  const { merge, mine, current } = pending;
  const theirs = useMemo(() => target.fieldsOf(current), [current, target]);
  const [fieldChoice, setFieldChoice] = useState<Partial<Record<keyof F, Side>>>({});
  const [bodyChoice, setBodyChoice] = useState<Partial<Record<keyof F, Array<BodyChoice | undefined>>>>({});

  const bodyConflicts = (name: keyof F): BodyPart[] => (merge.bodies[name]?.conflicts ? merge.bodies[name]!.parts : []);
  const isBody = (name: keyof F) => bodyConflicts(name).length > 0;
  const hunks = (name: keyof F) => bodyConflicts(name).filter((p) => 'conflict' in p) as Array<Extract<BodyPart, { conflict: unknown }>>;

  const open = merge.conflicts.reduce(
    (n, name) => n + (isBody(name) ? hunks(name).filter((_, i) => !bodyChoice[name]?.[i]).length : fieldChoice[name] ? 0 : 1),
    0,
  );
  const total = merge.conflicts.reduce((n, name) => n + (isBody(name) ? hunks(name).length : 1), 0);

  const result = (): F => {
    const out = { ...merge.merged } as Record<keyof F, unknown>;
    for (const name of merge.conflicts) {
      if (isBody(name))
        out[name] = joinBody(
          merge.bodies[name]!.parts,
          (bodyChoice[name] ?? []).map((c) => c ?? 'mine'),
        );
      else out[name] = fieldChoice[name] === 'theirs' ? theirs[name] : mine[name];
    }
    return out as F;
  };

  const chooseAll = (side: Side) => {
    const f: Partial<Record<keyof F, Side>> = {};
    const b: Partial<Record<keyof F, BodyChoice[]>> = {};
    for (const name of merge.conflicts) {
      if (isBody(name)) b[name] = hunks(name).map(() => side);
      else f[name] = side;
    }
    setFieldChoice(f);
    setBodyChoice(b);
  };

  const onlyTheirs = merge.theirs.filter((n) => !merge.mine.includes(n));
  const onlyMine = merge.mine.filter((n) => !merge.theirs.includes(n));
  const combined = merge.mine.filter((n) => merge.theirs.includes(n));
  const names = (list: Array<keyof F>) => list.map((n) => target.labels[n]).join('、');
  const who = savedByText(current.savedBy);
  const heading = pending.message ?? `${who}，在你打开之后`;
  const isLater = current.savedBy?.version !== current.version;
  const whoLine = heading.includes(who) ? (isLater ? `当前版本 ${current.version}。` : '') : `${who}${isLater ? `（当前版本 ${current.version}）` : ''}。`;

  return (
    <Modal
      open
      width={980}
      title={`${target.label}已被他人修改，合并两边的修改`}
      onCancel={onCancel}
      mask={{ closable: false }}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
          {open > 0 && (
            <Typography.Text type="secondary" data-testid="merge-open">
              还有 {open} 处需要选择
            </Typography.Text>
          )}
          <Button onClick={onCancel}>稍后处理</Button>
          {total > 1 && (
            <>
              <Button onClick={() => chooseAll('mine')}>其余都保留我的</Button>
              <Button onClick={() => chooseAll('theirs')}>其余都采用对方的</Button>
            </>
          )}
          <Button type="primary" disabled={open > 0} onClick={() => onResolve(result(), pending.thenSave)}>
            {pending.thenSave ? '合并并保存' : '合并到编辑器'}
          </Button>
        </Space>
      }
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title={heading}
        description={
          <div data-testid="merge-summary">
            {/* Who saved is said once (review P3-11: it was the title and the first line both). */}
            {whoLine && <div>{whoLine}</div>}
            {onlyTheirs.length > 0 && <div>只有对方改过、已采用对方的：{names(onlyTheirs)}</div>}
            {onlyMine.length > 0 && <div>只有你改过、已保留你的：{names(onlyMine)}</div>}
            {combined.length > 0 && <div>双方改了不同段落、已合在一起：{names(combined)}</div>}
            {total > 0 ? <div>下面 {total} 处双方都改了，请逐一选择保留哪一边（没有默认）。</div> : <div>没有双方都改过的地方。</div>}
          </div>
        }
      />
      <div data-testid="conflict-table">
        {merge.conflicts.map((name) =>
          isBody(name) ? (
            hunks(name).map((hunk, i) => {
              const choice = bodyChoice[name]?.[i];
              const set = (c: BodyChoice) => setBodyChoice((all) => ({ ...all, [name]: Object.assign([...(all[name] ?? [])], { [i]: c }) }));
              return (
                <div
                  role="group"
                  aria-label={`${target.labels[name]}第 ${i + 1} 处`}
                  key={`${String(name)}-${i}`}
                  data-testid={`conflict-${String(name)}-${i}`}
                  className={styles.mergeRow}
                >
                  <Typography.Text strong>
                    {target.labels[name]} · 第 {i + 1} 处（双方都改了这里）
                  </Typography.Text>
                  <Radio.Group
                    value={choice}
                    onChange={(e) => set(e.target.value as BodyChoice)}
                    className={styles.mergeSides}
                    aria-label={`${target.labels[name]}第 ${i + 1} 处保留哪一边`}
                  >
                    <div>
                      <Radio value="mine">保留我的</Radio>
                      <pre className={styles.mergeBox} data-chosen={choice === 'mine' || choice === 'both'}>
                        {target.show(name, hunk.conflict.mine.join('')) || '（删除了这段）'}
                      </pre>
                    </div>
                    <div>
                      <Radio value="theirs">采用对方的</Radio>
                      <pre className={styles.mergeBox} data-chosen={choice === 'theirs' || choice === 'both'}>
                        {target.show(name, hunk.conflict.theirs.join('')) || '（删除了这段）'}
                      </pre>
                    </div>
                    <div>
                      <Radio value="both">两段都保留（我的在前）</Radio>
                    </div>
                  </Radio.Group>
                </div>
              );
            })
          ) : (
            <div role="group" aria-label={target.labels[name]} key={String(name)} data-testid={`conflict-${String(name)}`} className={styles.mergeRow}>
              <Typography.Text strong>{target.labels[name]}（双方都改了）</Typography.Text>
              <Radio.Group
                value={fieldChoice[name]}
                onChange={(e) => setFieldChoice((c) => ({ ...c, [name]: e.target.value as Side }))}
                className={styles.mergeSides}
                aria-label={`${target.labels[name]}保留哪一边`}
              >
                <div>
                  <Radio value="mine">保留我的</Radio>
                  <pre className={styles.mergeBox} data-chosen={fieldChoice[name] === 'mine'}>
                    {target.show(name, mine[name])}
                  </pre>
                </div>
                <div>
                  <Radio value="theirs">采用对方的</Radio>
                  <pre className={styles.mergeBox} data-chosen={fieldChoice[name] === 'theirs'}>
                    {target.show(name, theirs[name])}
                  </pre>
                </div>
              </Radio.Group>
            </div>
          ),
        )}
      </div>
    </Modal>
  );
}

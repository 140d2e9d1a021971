'use client';

import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import type { DiffPart } from '@/lib/diff';
import type { FieldDiff } from '@/lib/api/editorial';
import styles from './editorial.module.css';

/**
 * A word diff as a reader sees it: deletions struck through on red, insertions underlined on
 * green (colours and lines, so it reads without colour too), paragraph ends as line breaks,
 * custom blocks as labelled chips. Screen readers hear 删除 / 新增 before each change.
 */
export function DiffText({ parts }: { parts: DiffPart[] }) {
  if (!parts.length) return <Typography.Text type="secondary">（空）</Typography.Text>;
  return (
    <div className={styles.diff}>
      {parts.map((p, i) => {
        const body = p.block ? <span className={styles.block}>{p.text}</span> : p.text;
        if (p.op === 'insert')
          return (
            <ins key={i} className={styles.ins}>
              <span className={styles.srOnly}>新增：</span>
              {body}
            </ins>
          );
        if (p.op === 'delete')
          return (
            <del key={i} className={styles.del}>
              <span className={styles.srOnly}>删除：</span>
              {body}
            </del>
          );
        return <span key={i}>{body}</span>;
      })}
    </div>
  );
}

const idName = (names: Record<string, string> | undefined, id: unknown) => (id === null || id === undefined ? '（无）' : (names?.[String(id)] ?? `#${id}`));

/** One field's change: a word diff for texts and the body, before → after for the rest. */
export function FieldChange({ field, names }: { field: FieldDiff; names?: Record<string, Record<string, string>> }): ReactNode {
  if (field.parts) return <DiffText parts={field.parts} />;
  const own = names?.[field.name];
  switch (field.type) {
    case 'image':
      return (
        <div className={styles.images}>
          <Figure label="原来" src={String(field.before ?? '')} />
          <span aria-hidden>→</span>
          <Figure label="改为" src={String(field.after ?? '')} />
        </div>
      );
    case 'id':
      return (
        <span>
          <del className={styles.del}>{idName(own, field.before)}</del> → <ins className={styles.ins}>{idName(own, field.after)}</ins>
        </span>
      );
    case 'ids': {
      const list = field.list ?? { added: [], removed: [], reordered: false };
      return (
        <div>
          {list.added.map((id) => (
            <Tag key={`a${String(id)}`} color="green">
              新增 {idName(own, id)}
            </Tag>
          ))}
          {list.removed.map((id) => (
            <Tag key={`r${String(id)}`} color="red">
              移除 {idName(own, id)}
            </Tag>
          ))}
          {list.reordered && <Tag color="blue">顺序调整</Tag>}
          <div className={styles.order}>改后：{((field.after as unknown[]) ?? []).map((id) => idName(own, id)).join('、') || '（无）'}</div>
        </div>
      );
    }
    case 'images': {
      const list = field.list ?? { added: [], removed: [], reordered: false };
      const after = (field.after as Array<{ url: string; caption?: string }>) ?? [];
      return (
        <div>
          <div>
            {list.added.length > 0 && <Tag color="green">新增 {list.added.length} 张</Tag>}
            {list.removed.length > 0 && <Tag color="red">移除 {list.removed.length} 张</Tag>}
            {list.reordered && <Tag color="blue">顺序调整</Tag>}
          </div>
          <ol className={styles.gallery} aria-label="改后的图集顺序">
            {after.map((img, i) => (
              <li key={`${img.url}-${i}`}>
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img src={img.url} alt={img.caption || `第 ${i + 1} 张`} />
              </li>
            ))}
          </ol>
        </div>
      );
    }
    default:
      return (
        <span>
          <del className={styles.del}>{String(field.before ?? '')}</del> → <ins className={styles.ins}>{String(field.after ?? '')}</ins>
        </span>
      );
  }
}

function Figure({ label, src }: { label: string; src: string }) {
  return (
    <figure className={styles.figure}>
      {/* eslint-disable-next-line @next/next/no-img-element */}
      {src ? <img src={src} alt={`${label}的封面`} /> : <div className={styles.noImage}>无封面</div>}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

'use client';

import { useEffect, useRef, useState } from 'react';
import { Select, Typography } from 'antd';
import { isOk } from '@/lib/api/resource';
import { ACTIVITY_STATUS_TEXT, topicApi, type Activity } from '@/lib/api/topic';

const known = new Map<number, Activity>();

/**
 * Chooses an activity (vote) of the topic host: searched as one types (`/activity/list?keyword=`),
 * each with its status. Value is the activity id or null.
 */
export function ActivitySelect({
  value,
  onChange,
  id,
  disabled,
  placeholder = '可选：话题站的投票活动',
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
}) {
  const [options, setOptions] = useState<Activity[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [, setResolved] = useState(0);

  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      setLoading(true);
      const reply = await topicApi.activities({ keyword: keyword.trim() || undefined, pageSize: 20 });
      setLoading(false);
      if (isOk(reply)) {
        for (const a of reply.data.list) known.set(a.id, a);
        setOptions(reply.data.list);
      }
    }, 250);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (value && !known.has(value)) {
      void topicApi.activities({ id: value }).then((reply) => {
        if (isOk(reply)) for (const a of reply.data.list) known.set(a.id, a);
        setResolved((n) => n + 1);
      });
    }
  }, [value]);

  const chosen = value ? known.get(value) : undefined;
  const all = chosen && !options.some((o) => o.id === chosen.id) ? [chosen, ...options] : options;
  return (
    <Select<number | null>
      id={id}
      value={value ?? null}
      disabled={disabled}
      allowClear
      placeholder={placeholder}
      loading={loading}
      showSearch={{ filterOption: false, onSearch: search }}
      onOpenChange={(open) => open && options.length === 0 && search('')}
      onChange={(v) => onChange?.(v ?? null)}
      notFoundContent={loading ? '搜索中…' : '没有找到活动'}
      options={[
        ...(value && !chosen ? [{ value, label: `活动 #${value}` }] : []),
        ...all.map((a) => ({
          value: a.id,
          label: a.title,
          status: ACTIVITY_STATUS_TEXT[a.status],
        })),
      ]}
      optionRender={(o) => (
        <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          <span>{o.label}</span>
          {o.data.status && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {o.data.status}
            </Typography.Text>
          )}
        </span>
      )}
    />
  );
}

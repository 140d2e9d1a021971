'use client';

import { useEffect, useRef, useState } from 'react';
import { Form, Segmented, Select, Space, Tag, Tooltip, Typography, type FormRule } from 'antd';
import dayjs from 'dayjs';
import { operationsApi, type FocusTarget } from '@/lib/api/operations';
import { isOk } from '@/lib/api/resource';
import { periodError, SLOT_STATUS, slotStatus } from '@/lib/resources/operations';
import { isLiveStatus, statusLabel } from '@/lib/resources/publishing';

/**
 * The end after the start, checked as one types (the server checks the same rule); an end already
 * past is allowed (an old campaign can be recorded) but said plainly: it will not show
 * (ux-2026-11-28 P3-8).
 */
export const PERIOD_RULES: Record<string, { rules: FormRule[]; dependencies?: string[] }> = {
  endAt: {
    dependencies: ['startAt'],
    rules: [
      ({ getFieldValue }) => ({
        validator: async (_rule, value: unknown) => {
          const error = periodError(getFieldValue('startAt'), value);
          if (error) throw new Error(error);
        },
      }),
      {
        warningOnly: true,
        validator: async (_rule, value: unknown) => {
          if (value && dayjs(value as string).isBefore(dayjs())) throw new Error('结束时间已过：保存后不会展示（状态为「已过期」）');
        },
      },
    ],
  },
};

/**
 * 展示中 / 待上线 / 待发布 / 内容已下线 / 已过期 / 已停用, computed from the period, the switch and whether
 * the picked content is published (the server's `targetOffline`, `targetPending`), with the reason in
 * a tooltip.
 */
export function SlotStatusTag({
  slot,
  offLabel,
}: {
  slot: { enabled: boolean; startAt: string; endAt: string | null; targetOffline?: boolean; targetPending?: boolean; targetPublishAt?: string | null };
  /** The name of the switched-off state where the switch has its own name (ads: 已下线). */
  offLabel?: string;
}) {
  const status = slotStatus(slot);
  const { color } = SLOT_STATUS[status];
  const label = status === 'disabled' && offLabel ? offLabel : SLOT_STATUS[status].label;
  const fmt = (v: string) => dayjs(v).format('MM-DD HH:mm');
  const why = {
    live: slot.endAt ? `展示到 ${fmt(slot.endAt)}` : '长期展示',
    scheduled: `${fmt(slot.startAt)} 开始展示`,
    pending: `所选的文章或视频尚未发布${slot.targetPublishAt ? `（${fmt(slot.targetPublishAt)} 定时发布）` : ''}，发布前读者看不到这个焦点图`,
    offline: '所选的文章或视频已下线、撤回或删除，读者打不开。请换一篇已发布的内容，或停用这个焦点图',
    expired: slot.endAt ? `${fmt(slot.endAt)} 已结束` : '',
    disabled: offLabel ? `${offLabel}，打开开关后按时间展示` : '已关闭，打开开关后按时间展示',
  }[status];
  return (
    <Tooltip title={why}>
      <Tag color={color} tabIndex={0} data-status={status}>
        {label}
      </Tag>
    </Tooltip>
  );
}

/** `2026-11-22 08:00 至 长期`, on two lines (start, then 至 end): the period column stays narrow (ux-2026-11-28 P2-4). */
export function periodText(startAt: string, endAt: string | null) {
  const fmt = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm');
  return (
    <span style={{ display: 'inline-block', whiteSpace: 'nowrap' }}>
      {fmt(startAt)}
      <br />至 {endAt ? fmt(endAt) : '长期'}
    </span>
  );
}

/** The width of a period column (two lines of `YYYY-MM-DD HH:mm`). */
export const PERIOD_WIDTH = 160;

type Mode = 'article' | 'video' | 'link';

/**
 * What a slot shows: an article or a video found by title, or only the link below. Works as the
 * Form.Item child of `articleId`; it also writes `videoId`, and fills an empty 标题 and 图片 from
 * the picked item. `initialTitle` names the item already chosen (an edited slot).
 */
export function TargetPicker({
  value,
  onChange,
  id,
  initialTitle,
  defaultMode = 'article',
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  id?: string;
  initialTitle?: string | null;
  /** What a new slot picks first (视频焦点图: 视频). */
  defaultMode?: 'article' | 'video';
}) {
  const form = Form.useFormInstance();
  const videoId = Form.useWatch('videoId', form) as number | null | undefined;
  // The store already holds the edited record here (useWatch only catches up after the first render).
  const [mode, setMode] = useState<Mode>(() =>
    form.getFieldValue('videoId') ? 'video' : value ? 'article' : form.getFieldValue('url') ? 'link' : defaultMode,
  );
  const [options, setOptions] = useState<FocusTarget[]>([]);
  const [loading, setLoading] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef(0);

  const search = (keyword: string, kind: 'article' | 'video') => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const n = ++request.current;
      setLoading(true);
      const reply = await operationsApi.focusTargets(kind, keyword);
      if (n !== request.current) return;
      setLoading(false);
      if (!isOk(reply)) return;
      setOptions(reply.data.list);
      setNote(reply.data.available ? null : (reply.data.note ?? '暂时无法搜索'));
    }, 300);
  };
  useEffect(() => {
    if (mode !== 'link') search('', mode);
    return () => clearTimeout(timer.current);
  }, [mode]);

  const chosen = mode === 'video' ? videoId : value;
  const chosenOption =
    chosen && !options.some((o) => o.id === chosen) ? [{ id: chosen, title: initialTitle ?? `${mode === 'video' ? '视频' : '文章'} #${chosen}` }] : [];

  const pick = (next: number | null) => {
    const item = options.find((o) => o.id === next);
    if (mode === 'video') {
      form.setFieldValue('videoId', next);
      onChange?.(null);
    } else {
      form.setFieldValue('videoId', null);
      onChange?.(next);
    }
    if (item) {
      if (!form.getFieldValue('title')) form.setFieldValue('title', item.title.slice(0, 128));
      if (!form.getFieldValue('image') && item.cover) form.setFieldValue('image', item.cover);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Segmented<Mode>
        value={mode}
        onChange={(next) => {
          setMode(next);
          setOptions([]);
          // Switching kind clears the other kind's choice: a slot shows one thing.
          onChange?.(null);
          form.setFieldValue('videoId', null);
        }}
        options={[
          { label: '文章', value: 'article' },
          { label: '视频', value: 'video' },
          { label: '仅链接', value: 'link' },
        ]}
        aria-label="焦点图内容类型"
      />
      {mode === 'link' ? (
        <Typography.Text type="secondary">不关联文章或视频，点击图片打开下方的链接。</Typography.Text>
      ) : (
        <>
          <Select<number>
            id={id}
            value={chosen ?? undefined}
            showSearch={{ filterOption: false, onSearch: (text) => search(text, mode) }}
            allowClear
            loading={loading}
            disabled={Boolean(note)}
            placeholder={mode === 'video' ? '输入标题搜索视频' : '输入标题搜索已发布的文章'}
            notFoundContent={loading ? '正在搜索…' : mode === 'video' ? '没有找到视频' : '没有找到已发布或定时发布的文章'}
            options={[...chosenOption, ...options].map((o) => ({
              value: o.id,
              label: o.title,
              title: o.title,
            }))}
            optionRender={(opt) => {
              const item = options.find((o) => o.id === opt.value);
              return (
                <Space>
                  <span>{opt.label}</span>
                  {item?.status !== undefined && isLiveStatus(item.status) && <Tag>{statusLabel(item.status)}</Tag>}
                </Space>
              );
            }}
            onChange={(next) => pick(next ?? null)}
          />
          {note ? (
            <Typography.Text type="warning">{note}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">按标题搜索{mode === 'video' ? '视频' : '文章'}；只想打开一个链接时选「仅链接」。</Typography.Text>
          )}
        </>
      )}
    </Space>
  );
}

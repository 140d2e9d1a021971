'use client';

import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Alert, Button, Descriptions, Drawer, Empty, Form, Grid, Input, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { isFailure } from '@/lib/http';
import { editorPath, workflowApi, type ContentType, type NamedRef, type RelationNames } from '@/lib/api/workflow';
import { REVIEW_COMMENT_MAX, STATUS, STATUS_LABELS, WORKFLOW_ACTIONS, type ContentEvent, type WorkflowAction } from '@/lib/resources/workflow';
import { formatDateTime } from '@/components/crud';
import { ArticleBody, PREVIEW_CSS } from '@/components/articles/body/preview-body';
import { StatusTag } from './status-tag';

/** What the reading view shows of an article or a short video (fields a type lacks stay empty). */
export interface ReviewDetail {
  id: number;
  kind?: string;
  title: string;
  subtitle?: string;
  summary?: string;
  description?: string;
  cover?: string;
  content?: string;
  images?: Array<{ url: string; caption: string }>;
  /** A video article's or short video's library video (drawn as the player). */
  videoStoreId?: number | null;
  tagIds?: number[];
  topicIds?: number[];
  platformIds?: number[];
  albumId?: number | null;
  editorName?: string | null;
  categoryName?: string | null;
  author?: string;
  source?: string;
  status: number;
  version: number;
  submittedAt?: string | null;
  publishAt?: string | null;
  offlineAt?: string | null;
  reviewComment?: string;
  checkResult?: { hits: string[]; service: { status: string; note: string }; checkedAt: string; unchecked?: string } | null;
}

const KIND_LABEL: Record<string, string> = { article: '文章', gallery: '图集', video: '视频文章' };

/**
 * The reading view inside the drawer: the preview's styles (PREVIEW_CSS), and nothing wider than
 * the drawer: pasted pictures, players and tables keep within it (P2-2).
 */
const READING_CSS = `
.review-reading { overflow-wrap: anywhere; }
.review-reading img, .review-reading video, .review-reading iframe, .review-reading figure { max-width: 100%; }
.review-reading img { height: auto; }
.review-reading .preview-body table { display: block; max-width: 100%; overflow-x: auto; }
.review-reading .preview-body { line-height: 1.8; }
`;

/** Names as tags; an id whose record is gone says so; `none` when there are none. */
function NameList({ refs, none }: { refs: NamedRef[] | undefined; none: string }) {
  if (!refs) return <Typography.Text type="secondary">…</Typography.Text>;
  if (!refs.length) return <Typography.Text type="secondary">{none}</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      {refs.map((r) => (
        <Tag key={r.id} style={{ marginInlineEnd: 0 }} color={r.name === null ? 'error' : undefined}>
          {r.name ?? `#${r.id}（已删除）`}
        </Tag>
      ))}
    </Space>
  );
}

/** Without the names (the call failed), the ids the item holds. */
const byIds = (ids: number[] | undefined): NamedRef[] => (ids ?? []).map((id) => ({ id, name: `#${id}` }));

/** Why 通过 cannot succeed, when the last save's check already found what blocks publishing; else null. */
export function checkBlocks(result: ReviewDetail['checkResult']): string | null {
  if (!result) return null;
  const words = [...result.hits, ...(result.service.status === 'hits' ? [result.service.note || '外部检测服务判定违规'] : [])];
  return words.length ? `内容检测未通过（${words.join('、')}），不能通过；请驳回，让作者修改后重新提交` : null;
}

/** The content-check result of the last save, as a reviewer needs it. */
export function CheckResultView({ result }: { result: ReviewDetail['checkResult'] }) {
  if (!result) return <Alert type="info" showIcon title="尚未进行内容检测：通过审核时会自动检测" />;
  const serviceNote =
    result.service.status === 'hits'
      ? `外部检测服务：${result.service.note || '判定违规'}`
      : result.service.status === 'unchecked'
        ? `外部检测服务未完成检测：${result.service.note}`
        : result.service.status === 'pass'
          ? '外部检测服务：通过'
          : '';
  if (result.hits.length || result.service.status === 'hits') {
    return (
      <Alert
        type="error"
        showIcon
        title="内容检测未通过：发布会被拦截"
        description={
          <>
            {result.hits.length > 0 && (
              <div>
                敏感词：
                {result.hits.map((w) => (
                  <Tag key={w} color="red">
                    {w}
                  </Tag>
                ))}
              </div>
            )}
            {serviceNote && <div>{serviceNote}</div>}
            <div>检测时间 {formatDateTime(result.checkedAt)}</div>
          </>
        }
      />
    );
  }
  // Nothing read it (the server decides: server/content/check.ts): never shown as a pass.
  if (result.unchecked) {
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="check-unchecked"
        title={`${result.unchecked}（${formatDateTime(result.checkedAt)}）`}
        description={
          <>
            <div>敏感词库是空的，也没有配置外部内容检测服务，这份稿件没有经过任何检测，请通读后再决定。</div>
            {serviceNote && <div>{serviceNote}</div>}
            <Link href="/article/sensitiveWords">去敏感词库添加敏感词</Link>
          </>
        }
      />
    );
  }
  return (
    <Alert
      type={result.service.status === 'unchecked' ? 'warning' : 'success'}
      showIcon
      title={`内容检测通过（${formatDateTime(result.checkedAt)}）`}
      description={serviceNote || undefined}
    />
  );
}

function History({ events }: { events: ContentEvent[] | null }) {
  if (!events) return <Spin size="small" />;
  if (!events.length) return <Typography.Text type="secondary">还没有流转记录</Typography.Text>;
  return (
    <Timeline
      items={events.map((e) => ({
        key: e.id,
        color: e.action === 'reject' || e.action === 'schedule_blocked' ? 'red' : e.toStatus === STATUS.published ? 'green' : 'blue',
        content: (
          <div>
            <Typography.Text strong>{WORKFLOW_ACTIONS[e.action as WorkflowAction] ?? e.action}</Typography.Text>
            <Typography.Text type="secondary">
              {' '}
              {e.userName ?? (e.userId === null ? '系统' : `#${e.userId}`)} · {formatDateTime(e.at)} · {STATUS_LABELS[e.fromStatus]} →{' '}
              {STATUS_LABELS[e.toStatus]}
            </Typography.Text>
            {e.comment && <div style={{ whiteSpace: 'pre-wrap' }}>{e.comment}</div>}
          </div>
        ),
      }))}
    />
  );
}

/**
 * 审阅: the reading view of one pending item with its content-check result and history, and the
 * decision: 通过 (publishes, or schedules at the author's time) or 驳回 with a required reason the
 * author reads on the workbench and in the editor.
 */
export function ReviewDrawer({
  target,
  onClose,
  onDecided,
}: {
  target: { type: ContentType; id: number } | null;
  onClose: () => void;
  onDecided: (text: string) => void;
}) {
  const { message } = useApp();
  const screens = Grid.useBreakpoint();
  const [detail, setDetail] = useState<ReviewDetail | null>(null);
  const [events, setEvents] = useState<ContentEvent[] | null>(null);
  const [relations, setRelations] = useState<RelationNames | null | false>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; words?: string[] } | null>(null);
  const [form] = Form.useForm<{ comment: string }>();

  useEffect(() => {
    setDetail(null);
    setEvents(null);
    setRelations(null);
    setRejecting(false);
    setRefusal(null);
    setLoadFailed(false);
    form.resetFields();
    if (!target) return;
    let live = true;
    void workflowApi.item<ReviewDetail>(target.type, target.id).then((reply) => {
      if (!live) return;
      if (!isFailure(reply) && reply.status === 0 && reply.data) setDetail(reply.data);
      else setLoadFailed(true);
    });
    void workflowApi.relations(target.type, target.id).then((reply) => {
      if (live) setRelations(!isFailure(reply) && reply.body.status === 0 && reply.body.data ? reply.body.data : false);
    });
    void workflowApi.history(target.type, target.id).then((reply) => {
      if (live) setEvents(!isFailure(reply) && reply.status === 0 && reply.data ? reply.data.list : []);
    });
    return () => {
      live = false;
    };
  }, [target, form]);

  const decide = async (action: 'approve' | 'reject', comment?: string) => {
    if (!target || !detail) return;
    setBusy(action);
    setRefusal(null);
    const reply = await workflowApi.decide(target.type, target.id, { action, comment, version: detail.version });
    setBusy(null);
    if (isFailure(reply)) {
      message.error('网络异常，审核结果未提交，请重试');
      return;
    }
    if (reply.body.status !== 0) {
      const data = reply.body.data as { words?: string[] } | undefined;
      setRefusal({ message: reply.body.message ?? '操作失败', words: data?.words });
      if (reply.body.errors?.comment) form.setFields([{ name: 'comment', errors: [reply.body.errors.comment] }]);
      return;
    }
    const result = reply.body.data!;
    onDecided(
      action === 'reject'
        ? `已驳回「${detail.title}」，作者会在工作台看到驳回理由`
        : result.status === STATUS.scheduled
          ? `已通过「${detail.title}」，将于 ${formatDateTime(result.publishAt)} 定时发布`
          : `已通过并发布「${detail.title}」`,
    );
  };

  const isPending = detail?.status === STATUS.pending;
  // The check of the last save already failed: 通过 would be refused (ux P3-18), so it says why up front.
  const blockedBy = checkBlocks(detail?.checkResult ?? null);
  const footer = detail && isPending && (
    <div>
      {rejecting ? (
        <Form form={form} layout="vertical" onFinish={(v) => void decide('reject', v.comment.trim())} requiredMark>
          <Form.Item
            name="comment"
            label="驳回理由（作者会看到）"
            rules={[
              { required: true, whitespace: true, message: '请填写驳回理由，作者会看到它' },
              { max: REVIEW_COMMENT_MAX, message: `驳回理由不能超过 ${REVIEW_COMMENT_MAX} 个字符` },
            ]}
          >
            <Input.TextArea
              autoFocus
              rows={3}
              showCount
              maxLength={REVIEW_COMMENT_MAX}
              placeholder="例如：导语过长，请压缩到 100 字以内；第三段数据请注明来源"
            />
          </Form.Item>
          <Space wrap>
            <Button danger type="primary" htmlType="submit" loading={busy === 'reject'}>
              确认驳回
            </Button>
            <Button onClick={() => setRejecting(false)}>取消</Button>
          </Space>
        </Form>
      ) : (
        <Space wrap>
          <Button
            type="primary"
            loading={busy === 'approve'}
            disabled={!!blockedBy}
            aria-describedby={blockedBy ? 'approve-blocked' : undefined}
            onClick={() => void decide('approve')}
          >
            {detail.publishAt && new Date(detail.publishAt).getTime() > Date.now() ? '通过（定时发布）' : '通过并发布'}
          </Button>
          <Button danger onClick={() => setRejecting(true)}>
            驳回…
          </Button>
          {blockedBy && (
            <Typography.Text type="danger" id="approve-blocked" data-testid="approve-blocked">
              {blockedBy}
            </Typography.Text>
          )}
        </Space>
      )}
    </div>
  );

  return (
    <Drawer
      title={detail ? `审阅：${detail.title}` : '审阅'}
      size={screens.md === false ? '100%' : 760}
      open={target !== null}
      onClose={onClose}
      destroyOnHidden
      footer={footer || undefined}
    >
      {loadFailed ? (
        <Empty description="无法读取这条内容：它可能已被删除，或不在你的数据范围内" />
      ) : !detail ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="review-detail">
          {!isPending && <Alert type="info" showIcon title={`这条内容当前为「${STATUS_LABELS[detail.status]}」，不在待审核状态`} />}
          {refusal && (
            <Alert
              type="error"
              showIcon
              title={refusal.message}
              description={
                refusal.words?.length ? (
                  <div>
                    {refusal.words.map((w) => (
                      <Tag key={w} color="red">
                        {w}
                      </Tag>
                    ))}
                  </div>
                ) : undefined
              }
            />
          )}
          <Descriptions size="small" column={screens.md === false ? 1 : 2} bordered>
            <Descriptions.Item label="类型">{target?.type === 'video' ? '短视频' : (KIND_LABEL[detail.kind ?? ''] ?? '文章')}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <StatusTag status={detail.status} publishAt={detail.publishAt} offlineAt={detail.offlineAt} />
            </Descriptions.Item>
            <Descriptions.Item label="编辑">{detail.editorName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{formatDateTime(detail.submittedAt)}</Descriptions.Item>
            {detail.categoryName !== undefined && <Descriptions.Item label="分类">{detail.categoryName ?? '-'}</Descriptions.Item>}
            <Descriptions.Item label="标签">
              <NameList refs={relations === false ? byIds(detail.tagIds) : relations?.tags} none="无" />
            </Descriptions.Item>
            {target?.type !== 'video' && (
              <>
                <Descriptions.Item label="专题">
                  <NameList refs={relations === false ? byIds(detail.topicIds) : relations?.topics} none="无" />
                </Descriptions.Item>
                <Descriptions.Item label="专辑">
                  <NameList
                    refs={
                      relations === false ? byIds(detail.albumId ? [detail.albumId] : []) : relations ? (relations.album ? [relations.album] : []) : undefined
                    }
                    none="无"
                  />
                </Descriptions.Item>
                <Descriptions.Item label="发布平台">
                  <NameList refs={relations === false ? byIds(detail.platformIds) : relations?.platforms} none="全部平台" />
                </Descriptions.Item>
              </>
            )}
            {(detail.author || detail.source) && (
              <Descriptions.Item label="作者 / 来源">{[detail.author, detail.source].filter(Boolean).join(' / ')}</Descriptions.Item>
            )}
            {detail.publishAt && <Descriptions.Item label="希望发布时间">{formatDateTime(detail.publishAt)}</Descriptions.Item>}
            {detail.offlineAt && <Descriptions.Item label="定时下线">{formatDateTime(detail.offlineAt)}</Descriptions.Item>}
          </Descriptions>
          <CheckResultView result={detail.checkResult ?? null} />
          {detail.reviewComment && (
            <Alert type="warning" showIcon title="上次审核意见" description={<span style={{ whiteSpace: 'pre-wrap' }}>{detail.reviewComment}</span>} />
          )}
          <article
            aria-label="正文"
            className="review-reading"
            data-testid="review-reading"
            style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 16 }}
          >
            <Typography.Title level={3} style={{ marginTop: 0 }}>
              {detail.title}
            </Typography.Title>
            {detail.subtitle && <Typography.Paragraph type="secondary">{detail.subtitle}</Typography.Paragraph>}
            {(detail.summary || detail.description) && (
              <Typography.Paragraph style={{ background: '#fafafa', padding: 12, borderRadius: 6, whiteSpace: 'pre-wrap' }}>
                {detail.summary || detail.description}
              </Typography.Paragraph>
            )}
            {detail.cover && (
              <figure style={{ margin: '0 0 12px' }}>
                {/* Library pictures and uploads: plain img, the reviewer sees exactly what readers will. */}
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img src={detail.cover} alt="封面" style={{ maxWidth: '100%', maxHeight: 240, borderRadius: 6 }} />
                <figcaption style={{ color: '#595959', fontSize: 12 }}>封面</figcaption>
              </figure>
            )}
            {/* The preview's renderer: the blocks as readers see them (player, VR, price card, vote, gallery). */}
            <ArticleBody
              article={{
                kind: target?.type === 'video' ? 'video' : (detail.kind ?? 'article'),
                content: detail.content,
                images: detail.images,
                videoStoreId: detail.videoStoreId,
                cover: detail.cover,
              }}
            />
            {!detail.content && !detail.images?.length && !detail.videoStoreId && <Typography.Text type="secondary">（没有正文）</Typography.Text>}
            <style>{PREVIEW_CSS + READING_CSS}</style>
          </article>
          {target && <Link href={editorPath(target.type, detail.kind ?? 'article', detail.id)}>在编辑器中打开</Link>}
          <div>
            <Typography.Title level={4} style={{ fontSize: 15 }}>
              流转记录
            </Typography.Title>
            <History events={events} />
          </div>
        </Space>
      )}
    </Drawer>
  );
}

'use client';

import { useRef, useState } from 'react';
import { Alert, Button, Empty, Form, Input, Modal, Progress, Space, Tag, Typography } from 'antd';
import { Card } from '@/components/common/card';
import { useApp } from '@/components/common/app-feedback';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { EllipsisText, formatDateTime, listEmptyText, ResourceFilters, ResourceListTable, useResourceScreen, useLeaveDialog } from '@/components/crud';
import { isOk } from '@/lib/api/resource';
import { addWordsInBatches, deleteWords, sensitiveWordClient, type AddProgress } from '@/lib/api/sensitive-words';
import { formatBytes } from '@/lib/api/media';
import {
  addedText,
  DICTIONARY_MAX_WORDS,
  parseWordList,
  sensitiveWordResource,
  setAsideText,
  SINGLE_CHARACTER_RISK,
  singleCharacterQuestion,
  SKIP_REASON,
  WORD_BATCH,
  WORD_DELETE_MAX,
  WORD_FILE_MAX_BYTES,
  type ParsedWords,
} from '@/lib/resources/sensitive-words';
import type { SensitiveWord } from '@/lib/api/types';
import { isSingleCharacterForm, normalizeForCheck } from '@/lib/resources/word-form';

/** Words that match as one character (issue 23, I2): sent only after a confirmation. */
const singleCharacterWords = (words: string[]) => words.filter((w) => isSingleCharacterForm(normalizeForCheck(w)));

/**
 * 敏感词库 (/article/sensitiveWords, issue 15): the dictionary the content check matches saved
 * articles and short videos against, kept by holders of 内容审核. Search, add several at once
 * (typed, one per line or separated by commas or spaces), import a UTF-8 .txt file (one word per
 * line, sent in batches with progress), delete one or the selected ones. A word that matches as one
 * character is added only after a confirmation (typed) or left out of an import with the reason;
 * the dictionary holds at most `DICTIONARY_MAX_WORDS` words (the server refuses more, issue 23).
 */
export function SensitiveWordScreen() {
  const { message, modal } = useApp();
  const screen = useResourceScreen<SensitiveWord>(sensitiveWordResource, {
    client: sensitiveWordClient,
    fieldColumns: [
      {
        key: 'word',
        title: '敏感词',
        dataIndex: 'word',
        width: 240,
        fixed: 'left',
        ellipsis: { showTitle: false },
        render: (v: string) => <EllipsisText text={v} />,
      },
      {
        key: 'createdByName',
        title: '添加人',
        dataIndex: 'createdByName',
        width: 140,
        render: (name: string | null, w) =>
          w.createdBy === null ? <Tag>预置词库</Tag> : (name ?? <Typography.Text type="secondary">已删除的账号</Typography.Text>),
      },
      { key: 'createdAt', title: '添加时间', dataIndex: 'createdAt', width: 160, render: formatDateTime },
    ],
    canEdit: false,
    deletable: true,
    rowName: (w) => w.word,
    settingsId: '/article/sensitiveWords',
    hint: `保存稿件时，标题、摘要、正文（含图片说明）会与词库比对；命中的词会提醒作者，并阻止审核通过。比对时忽略大小写、全角半角、空格和标点。词库最多 ${DICTIONARY_MAX_WORDS} 个词。`,
  });
  const { list } = screen;
  const [isAdding, setAdding] = useState(false);
  const [job, setJob] = useState<ImportJob | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  /** After an addition the newest words are on page 1. */
  const showFirstPage = async () => {
    if (list.query.page) list.setQuery({ page: undefined });
    else await list.reload();
  };

  const importFile = async (file: File) => {
    if (!/\.txt$/i.test(file.name)) {
      void message.error('请选择 .txt 文本文件（每行一个敏感词）');
      return;
    }
    if (file.size > WORD_FILE_MAX_BYTES) {
      void message.error(`文件过大（${formatBytes(file.size)}，上限 ${formatBytes(WORD_FILE_MAX_BYTES)}），请拆分后分别导入`);
      return;
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      void message.error('文件不是 UTF-8 编码：请用记事本或 WPS 打开后「另存为」UTF-8，再导入');
      return;
    }
    const read = parseWordList(text, 'lines');
    // One-character words are left out of an import (each needs a confirmation: 批量添加).
    const single = singleCharacterWords(read.words);
    const parsed = { ...read, words: read.words.filter((w) => !single.includes(w)) };
    if (!parsed.words.length) {
      const reasons = [setAsideText(parsed), single.length ? `${single.length} 个单字词` : null].filter(Boolean).join('；');
      void message.warning(reasons ? `文件中没有可导入的敏感词：${reasons}` : '文件中没有敏感词（每行写一个）');
      return;
    }
    const start: ImportJob = { fileName: file.name, parsed, single, progress: { sent: 0, added: 0, skipped: 0 }, state: 'running', error: null };
    setJob(start);
    const result = await addWordsInBatches(parsed.words, (progress) => setJob((j) => (j ? { ...j, progress } : j)));
    setJob({ ...start, progress: result, state: result.error ? 'failed' : 'done', error: result.error });
    await showFirstPage();
  };

  const removeSelected = (rows: SensitiveWord[], clear: () => void) => {
    if (rows.length > WORD_DELETE_MAX) {
      void message.warning(`一次最多删除 ${WORD_DELETE_MAX} 个，请减少选择`);
      return;
    }
    modal.confirm({
      title: `删除选中的 ${rows.length} 个敏感词？`,
      content: '删除后，内容检测不再查找这些词。已保存的稿件在下次保存或审核时按新词库检测。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        const reply = await deleteWords(rows.map((r) => r.id));
        if (isOk(reply)) {
          void message.success(`已删除 ${reply.data.deleted} 个敏感词${reply.data.missing ? `（另有 ${reply.data.missing} 个已被他人删除）` : ''}`);
          clear();
        }
        await list.reload();
      },
    });
  };

  const actions = (
    <Space wrap>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
        批量添加
      </Button>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => fileInput.current?.click()} disabled={job?.state === 'running'}>
        导入 TXT
      </Button>
    </Space>
  );

  const isEmpty = !list.loading && !list.failed && !list.isFiltered && list.data?.total === 0;
  return (
    <Card>
      <ResourceFilters {...screen.filtersProps} extra={actions} />
      {isEmpty && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="词库为空，内容检测现在不会发现任何敏感词"
          description="审核队列和审阅中会显示「词库为空，未做检测」。添加敏感词后，稿件在下次保存或审核时按词库检测。"
        />
      )}
      <ResourceListTable<SensitiveWord>
        {...screen.tableProps}
        selectionKey={JSON.stringify(list.query)}
        bulk={(rows, clear) => (
          <Button size="small" danger onClick={() => removeSelected(rows, clear)}>
            删除
          </Button>
        )}
        locale={{
          emptyText: isEmpty ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="词库中还没有敏感词。点击「批量添加」输入，或「导入 TXT」从文件导入（每行一个）。">
              {actions}
            </Empty>
          ) : (
            listEmptyText({
              loading: list.loading,
              failed: list.failed,
              filtered: list.isFiltered,
              nothingYet: '词库中还没有敏感词',
              onRetry: () => void list.reload(),
              onClear: list.clearFilters,
            })
          ),
        }}
      />
      <input
        ref={fileInput}
        type="file"
        accept=".txt,text/plain"
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="sensitive-words-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importFile(file);
        }}
      />
      <AddWordsDialog
        open={isAdding}
        onClose={() => setAdding(false)}
        onAdded={(result) => {
          setAdding(false);
          void message.success(addedText(result));
          void showFirstPage();
        }}
      />
      <ImportDialog job={job} onClose={() => setJob(null)} />
    </Card>
  );
}

interface ImportJob {
  fileName: string;
  parsed: ParsedWords;
  /** One-character words left out (they need a confirmation each). */
  single: string[];
  progress: AddProgress;
  state: 'running' | 'done' | 'failed';
  error: string | null;
}

/** The import's progress, then what it did (added, skipped, set aside, or where it stopped and why). */
function ImportDialog({ job, onClose }: { job: ImportJob | null; onClose: () => void }) {
  const total = job?.parsed.words.length ?? 0;
  const isRunning = job?.state === 'running';
  const setAside = job ? setAsideText(job.parsed) : null;
  const skipped = (job?.progress.skipped ?? 0) + (job?.parsed.repeated ?? 0);
  return (
    <Modal
      open={job !== null}
      title={job ? `导入「${job.fileName}」` : ''}
      onCancel={isRunning ? undefined : onClose}
      closable={!isRunning}
      mask={{ closable: false }}
      keyboard={!isRunning}
      footer={
        <Button type="primary" onClick={onClose} disabled={isRunning}>
          {isRunning ? '正在导入…' : '完成'}
        </Button>
      }
      destroyOnHidden
    >
      {job && (
        <div data-testid="import-result">
          <Progress
            aria-label="导入进度"
            percent={total ? Math.round((job.progress.sent / total) * 100) : 0}
            status={job.state === 'failed' ? 'exception' : job.state === 'done' ? 'success' : 'active'}
          />
          <Typography.Paragraph>
            {isRunning
              ? `已处理 ${job.progress.sent} / ${total} 个`
              : job.state === 'done'
                ? `导入完成：共 ${total} 个词。`
                : `导入中断：已处理 ${job.progress.sent} / ${total} 个。`}
          </Typography.Paragraph>
          {!isRunning && (
            <Typography.Paragraph>
              已添加 {job.progress.added} 个，跳过 {skipped} 个（{SKIP_REASON}）。
            </Typography.Paragraph>
          )}
          {setAside && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`以下内容没有导入：${setAside}`} />}
          {job.single.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={`${job.single.length} 个单字词没有导入：${job.single
                .slice(0, 10)
                .map((w) => `「${w}」`)
                .join('')}${job.single.length > 10 ? ' 等' : ''}`}
              description={`单字词${SINGLE_CHARACTER_RISK}。确需添加，请用「批量添加」输入，确认后添加。`}
            />
          )}
          {job.error && (
            <Alert
              type="error"
              showIcon
              title={`导入中断：${job.error}`}
              description="已添加的词会保留。处理问题后可以再次导入同一个文件，已在词库中的词会自动跳过。"
            />
          )}
        </div>
      )}
    </Modal>
  );
}

/** 批量添加: a text box, one word per line or separated by commas or spaces, with a live count. */
function AddWordsDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (result: AddProgress) => void }) {
  const { modal } = useApp();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<AddProgress | null>(null);
  const [failure, setFailure] = useState<{ error: string; progress: AddProgress } | null>(null);
  const isSending = progress !== null;
  const parsed = parseWordList(text);
  const single = singleCharacterWords(parsed.words);
  const isDirty = text.trim() !== '';

  const reset = () => {
    setText('');
    setError(null);
    setProgress(null);
    setFailure(null);
  };
  const { askThenClose, leaveHistory } = useLeaveDialog({
    open,
    isDirty,
    isBusy: () => isSending,
    title: '放弃输入的敏感词？',
    okText: '放弃',
    onLeave: () => {
      reset();
      onClose();
    },
  });

  const submit = async () => {
    if (isSending) return;
    const problem = setAsideText(parsed);
    if (problem) return setError(`请修改或删除：${problem}`);
    if (!parsed.words.length) return setError('请输入敏感词');
    if (single.length) {
      modal.confirm({
        title: '添加单字敏感词？',
        content: singleCharacterQuestion(single),
        okText: '仍然添加',
        okButtonProps: { danger: true },
        cancelText: '返回修改',
        // Enter does not add by accident: the safe choice has the focus.
        autoFocusButton: 'cancel',
        onOk: () => void send(true),
      });
      return;
    }
    await send(false);
  };

  const send = async (confirmSingle: boolean) => {
    setError(null);
    setFailure(null);
    setProgress({ sent: 0, added: 0, skipped: 0 });
    const result = await addWordsInBatches(parsed.words, setProgress, { confirmSingle });
    setProgress(null);
    const counted = { ...result, skipped: result.skipped + parsed.repeated };
    if (result.error) {
      setFailure({ error: result.error, progress: counted });
      return;
    }
    void leaveHistory();
    reset();
    onAdded(counted);
  };

  const hint = parsed.words.length
    ? `识别到 ${parsed.words.length} 个词${parsed.repeated ? `（另有 ${parsed.repeated} 个重复，不会重复添加）` : ''}${
        single.length ? `；其中 ${single.length} 个只有一个字，会拦截几乎所有含这个字的稿件，添加前需要确认` : ''
      }`
    : '每行一个，也可以用逗号、顿号或空格分隔；空行和重复的词会自动跳过。';
  return (
    <Modal
      open={open}
      title="批量添加敏感词"
      okText={parsed.words.length > 1 ? `添加 ${parsed.words.length} 个` : '添加'}
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={() => askThenClose()}
      confirmLoading={isSending}
      cancelButtonProps={{ disabled: isSending }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {failure && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={`添加中断：${failure.error}`}
          description={`${addedText(failure.progress)}。修改后再次添加即可，已添加的词会自动跳过。`}
        />
      )}
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label="敏感词"
          htmlFor="sensitive-words-input"
          validateStatus={error ? 'error' : single.length ? 'warning' : undefined}
          help={error ?? hint}
          required
        >
          <Input.TextArea
            id="sensitive-words-input"
            autoFocus
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            autoSize={{ minRows: 8, maxRows: 16 }}
            placeholder={'赌博网站\n代开发票\n枪支出售，冰毒出售'}
            disabled={isSending}
          />
        </Form.Item>
      </Form>
      {progress && parsed.words.length > WORD_BATCH && (
        <Progress aria-label="添加进度" percent={Math.round((progress.sent / parsed.words.length) * 100)} status="active" />
      )}
    </Modal>
  );
}

'use client';

import { useState } from 'react';
import { Alert, Button, Input, Modal, Space, Table, Typography, Upload } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useDialogFocus } from '@/components/common/dialog-focus';
import { isOk } from '@/lib/api/resource';
import { isFailure } from '@/lib/http';
import { formatCount, statisticsApi, type StatsImportResult } from '@/lib/api/statistics';
import { IMPORT_COLUMNS, IMPORT_TEMPLATE } from '@/lib/resources/statistics-views';

const SAMPLE = `${IMPORT_COLUMNS.join(',')}\n2026/11/1,zhangwei,1200,300\n2026/11/1,李娜,980,260`;

/** 下载模板: the import's columns and an example row, UTF-8 with a BOM so that Excel reads the Chinese. */
function downloadTemplate() {
  const url = URL.createObjectURL(new Blob(['\uFEFF' + IMPORT_TEMPLATE], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = '数据统计-导入模板.csv';
  a.click();
  URL.revokeObjectURL(url);
}

/** CSV import of page views and visitors: preview every row (an error per bad row), then apply all or nothing. */
export function ImportDialog({ open, onClose, onApplied }: { open: boolean; onClose: () => void; onApplied: () => void }) {
  const { message } = useApp();
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<StatsImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setCsv('');
    setPreview(null);
    setProblem(null);
    onClose();
  };
  const run = async (apply: boolean) => {
    setBusy(true);
    setProblem(null);
    const reply = await statisticsApi.importRows({ csv, apply });
    setBusy(false);
    if (isOk(reply)) {
      if (apply) {
        void message.success(`已导入 ${reply.data.total} 行`);
        close();
        onApplied();
      } else setPreview(reply.data);
    } else if (!isFailure(reply) && reply.data) setPreview(reply.data as StatsImportResult);
    // A file the import cannot read at all (e.g. the 按编辑 export: sums, no 日期 column) says why here.
    else if (!isFailure(reply)) setProblem(reply.message ?? '无法读取这个 CSV');
  };
  // Focus in the CSV box (typing or pasting goes there); Ctrl+Enter previews (P2-9).
  const focus = useDialogFocus({ open, onSubmit: () => csv.trim() && !busy && void run(false) });
  return (
    <Modal
      open={open}
      title="导入浏览量和访客数（CSV）"
      width={880}
      onCancel={close}
      destroyOnHidden
      {...focus.modalProps}
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button onClick={() => void run(false)} loading={busy && !preview} disabled={!csv.trim()}>
            预览
          </Button>
          <Button type="primary" onClick={() => void run(true)} loading={busy && !!preview} disabled={!preview || preview.errorCount > 0}>
            确认导入{preview ? ` ${preview.total} 行` : ''}
          </Button>
        </Space>
      }
    >
      <div {...focus.bodyProps}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            每行一个日期和编辑：「{IMPORT_COLUMNS.join('、')}」四列，第一行可以是表头。日期可写 2026-11-01 或 2026/11/1；编辑填用户名，或不重名的姓名。
            「按日期和编辑」视图导出的文件改好后可直接导入（其中的文章、视频两列不会导入，它们来自发布记录）。已有的数据会被覆盖；有任何一行出错时不会导入任何数据。
          </Typography.Paragraph>
          <Space wrap>
            <Upload
              accept=".csv,text/csv"
              showUploadList={false}
              beforeUpload={(file) => {
                void file.text().then((text) => {
                  setCsv(text);
                  setPreview(null);
                  setProblem(null);
                });
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>选择 CSV 文件</Button>
            </Upload>
            <Button icon={<DownloadOutlined />} onClick={downloadTemplate}>
              下载模板
            </Button>
          </Space>
          <Input.TextArea
            aria-label="CSV 内容"
            rows={5}
            value={csv}
            placeholder={`或把 CSV 内容粘贴在这里，例如：\n${SAMPLE}`}
            onChange={(e) => {
              setCsv(e.target.value);
              setPreview(null);
              setProblem(null);
            }}
          />
          {problem && <Alert type="error" showIcon title={problem} data-testid="import-problem" />}
          {preview && (
            <>
              {preview.errorCount > 0 ? (
                <Alert type="error" showIcon message={`${preview.errorCount} 行有误（共 ${preview.total} 行），请修改后重新预览；有错误时不会导入任何数据`} />
              ) : (
                <Alert type="success" showIcon message={`${preview.total} 行全部正确，可以导入`} />
              )}
              <Table
                size="small"
                rowKey="line"
                dataSource={preview.rows}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                scroll={{ x: 720 }}
                rowClassName={(r) => (r.error ? 'ant-table-row-error' : '')}
                columns={[
                  { title: '行', dataIndex: 'line', width: 56 },
                  { title: '日期', dataIndex: 'date', width: 110 },
                  { title: '编辑', dataIndex: 'username', width: 160, render: (v: string, r) => (r.name ? `${r.name}（${v}）` : v) },
                  {
                    title: '浏览量',
                    dataIndex: 'pv',
                    width: 100,
                    render: (v, r) => (r.before && !r.error ? `${formatCount(r.before.pv)} → ${formatCount(Number(v))}` : String(v)),
                  },
                  {
                    title: '访客数',
                    dataIndex: 'uv',
                    width: 100,
                    render: (v, r) => (r.before && !r.error ? `${formatCount(r.before.uv)} → ${formatCount(Number(v))}` : String(v)),
                  },
                  {
                    title: '检查结果',
                    dataIndex: 'error',
                    render: (e?: string) => (e ? <Typography.Text type="danger">{e}</Typography.Text> : <Typography.Text type="success">正确</Typography.Text>),
                  },
                ]}
              />
            </>
          )}
        </Space>
      </div>
    </Modal>
  );
}

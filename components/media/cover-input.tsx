'use client';

import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { lazyDialog } from '@/components/common/lazy-dialog';

/** The library picker (its grid, tags, upload queue) loads when the cover is first chosen (issue 17). */
const MediaPickerModal = lazyDialog(
  () => import('./picker-modal').then((m) => m.MediaPickerModal),
  (p) => p.open,
);

/**
 * A cover or image field: a link typed in, or a picture chosen from the library or uploaded through
 * the picker (the picture library's URL is stored). Works as a Form.Item child (value / onChange).
 */
export function CoverInput({
  value = '',
  onChange,
  id,
  disabled,
  pickerTitle = '选择封面',
}: {
  value?: string;
  onChange?: (url: string) => void;
  id?: string;
  disabled?: boolean;
  /** The picker's title: what the picture is for (选择焦点图图片, 选择图标 …). */
  pickerTitle?: string;
}) {
  const [picker, setPicker] = useState<{ open: boolean; upload: boolean }>({ open: false, upload: false });
  return (
    <div>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} value={value} disabled={disabled} placeholder="https:// 或从图片库选择" onChange={(e) => onChange?.(e.target.value)} allowClear />
        <Button icon={<PictureOutlined aria-hidden />} disabled={disabled} onClick={() => setPicker({ open: true, upload: false })}>
          图片库
        </Button>
        <Button icon={<UploadOutlined aria-hidden />} disabled={disabled} onClick={() => setPicker({ open: true, upload: true })}>
          上传
        </Button>
      </Space.Compact>
      {value && (
        // eslint-disable-next-line @next/next/no-img-element
        <img
          data-testid="cover-preview"
          src={value}
          alt="封面预览"
          style={{ display: 'block', marginTop: 8, maxWidth: 240, maxHeight: 135, objectFit: 'cover', borderRadius: 4, border: '1px solid #f0f0f0' }}
        />
      )}
      <MediaPickerModal
        kind="pic"
        open={picker.open}
        startWithUpload={picker.upload}
        title={pickerTitle}
        onClose={() => setPicker((p) => ({ ...p, open: false }))}
        onPick={([item]) => {
          if (item) onChange?.(item.url);
          setPicker((p) => ({ ...p, open: false }));
        }}
      />
    </div>
  );
}

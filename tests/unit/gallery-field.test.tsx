import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GalleryField } from '@/components/articles/editor/gallery-field';
import type { GalleryImage } from '@/components/articles/api';

// A read-only gallery (a published article the person may not change, someone else's lock) has no
// live controls and nothing in it marks the form dirty (review P3-5: 上移/下移 stayed enabled).
afterEach(() => cleanup());
// The library picker stands in as a bare dialog: the test is about the gallery, not the library.
vi.mock('@/components/media/picker-modal', () => ({
  MediaPickerModal: ({ open, title }: { open: boolean; title: string }) => (open ? <div role="dialog" aria-label={title} /> : null),
}));

const images: GalleryImage[] = [
  { picId: 1, url: '/uploads/a.png', caption: '红色的车' },
  { picId: 2, url: '/uploads/b.png', caption: '绿色的车' },
  { picId: 3, url: '/uploads/c.png', caption: '蓝色的车' },
];

function Editor({ disabled, fieldDisabled, onValuesChange }: { disabled?: boolean; fieldDisabled?: boolean; onValuesChange: () => void }) {
  return (
    <Form initialValues={{ images }} disabled={disabled} onValuesChange={onValuesChange}>
      <Form.Item name="images" label="图片">
        <GalleryField disabled={fieldDisabled} />
      </Form.Item>
    </Form>
  );
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const controls = () => [
  button('从图片库添加'),
  button('上传图片'),
  ...[1, 2, 3].flatMap((n) => [button(`第 ${n} 张上移`), button(`第 ${n} 张下移`), button(`移除第 ${n} 张`)]),
];

/** Clicks, types and drags everything the gallery offers. */
async function tryEverything() {
  await act(async () => {
    for (const b of controls()) fireEvent.click(b);
    fireEvent.change(screen.getByLabelText('第 2 张图片说明'), { target: { value: '改了说明' } });
    const handles = screen.getAllByTestId('gallery-handle');
    const items = screen.getAllByTestId('gallery-item');
    fireEvent.dragStart(handles[0], { dataTransfer: { effectAllowed: '' } });
    fireEvent.dragOver(items[2]);
    fireEvent.drop(items[2]);
  });
}

describe('GalleryField read-only', () => {
  it('a disabled form disables every control, and clicking, typing or dragging changes nothing', async () => {
    const changed = vi.fn();
    render(<Editor disabled onValuesChange={changed} />);
    for (const b of controls()) expect(b.disabled, b.getAttribute('aria-label') ?? b.textContent ?? '').toBe(true);
    expect((screen.getByLabelText('第 2 张图片说明') as HTMLTextAreaElement).disabled).toBe(true);
    for (const h of screen.getAllByTestId('gallery-handle')) expect(h.getAttribute('draggable')).toBe('false');
    await tryEverything();
    expect(changed).not.toHaveBeenCalled();
    expect(screen.getAllByTestId('gallery-item')).toHaveLength(3);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the field’s own `disabled` does the same inside an editable form', async () => {
    const changed = vi.fn();
    render(<Editor fieldDisabled onValuesChange={changed} />);
    expect(button('第 2 张上移').disabled).toBe(true);
    await tryEverything();
    expect(changed).not.toHaveBeenCalled();
  });

  it('an editable gallery still moves (the middle and last moves are live)', async () => {
    const changed = vi.fn();
    render(<Editor onValuesChange={changed} />);
    expect(button('第 1 张上移').disabled).toBe(true);
    expect(button('第 2 张上移').disabled).toBe(false);
    await act(async () => {
      fireEvent.click(button('第 2 张上移'));
    });
    expect(changed).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('第 1 张图片说明') as HTMLTextAreaElement).value).toBe('绿色的车');
  });
});

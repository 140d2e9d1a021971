import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LibraryItem, RegisterInput } from '@/lib/api/media';

// Uploads no longer propose the file name as the title (review P3-15: pictures named 「photo-2」,
// videos 「factory-tour」). The queue asks for a title; without one the library shows 「未命名图片」.
// The network steps are stood in for here; the register route's placeholder is the server's own.
const calls = vi.hoisted(() => ({
  register: [] as RegisterInput[],
  update: [] as Array<{ id: number; values: object }>,
  release: null as null | (() => void),
}));

vi.mock('@/lib/api/media', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/api/media')>();
  return {
    ...real,
    uploadLimits: async () => null,
    sha256Hex: async () => 'a'.repeat(64),
    pictureSize: async () => ({ width: 900, height: 700 }),
    requestTicket: async () => ({
      driver: 'local',
      key: 'pic/2026/11/x.png',
      method: 'PUT',
      url: '/api/uploads/x',
      expiresAt: '',
      maxBytes: 1e9,
      duplicates: [],
    }),
    // The file "travels" until the test lets it arrive.
    sendFile: () => ({ promise: new Promise<void>((resolve) => (calls.release = resolve)), abort() {} }),
    registerUpload: async (_kind: string, input: RegisterInput) => {
      calls.register.push(input);
      return { id: 41, title: input.title || real.UNTITLED.pic, url: '/uploads/x.png', thumbUrl: '/uploads/x.webp', tagIds: [] } as unknown as LibraryItem;
    },
    libraryClient: {
      ...real.libraryClient,
      pic: {
        ...real.libraryClient.pic,
        update: async (id: number, values: { title: string }) => {
          calls.update.push({ id, values });
          return { status: 0, data: { id, title: values.title, url: '/uploads/x.png', tagIds: [] } };
        },
      },
    },
  };
});

const { UploadQueue } = await import('@/components/media/upload-queue');
const { isPlaceholderTitle } = await import('@/lib/api/media');

beforeEach(() => {
  calls.register.length = 0;
  calls.update.length = 0;
  calls.release = null;
});
afterEach(() => cleanup());

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'photo-2.png', { type: 'image/png' });

async function choose(onUploaded = vi.fn(), onTitleSaved = vi.fn()) {
  render(<UploadQueue kind="pic" onUploaded={onUploaded} onTitleSaved={onTitleSaved} />);
  await act(async () => {
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [png()] } });
  });
  await waitFor(() => expect(calls.release).not.toBeNull());
  return { onUploaded, onTitleSaved, title: screen.getByLabelText('「photo-2.png」的标题') as HTMLInputElement };
}
const arrive = async () => {
  await act(async () => calls.release!());
  await waitFor(() => expect(screen.getByTestId('upload-row').getAttribute('data-status')).toBe('done'));
};

describe('upload titles', () => {
  it('a file uploaded without a typed title registers with none: the library says 未命名图片, not photo-2', async () => {
    const { onUploaded, title } = await choose();
    expect(title.value).toBe('');
    expect(title.placeholder).toContain('文件名：photo-2.png');
    await arrive();
    expect(calls.register).toHaveLength(1);
    expect(calls.register[0].title).toBe('');
    expect(onUploaded.mock.calls[0][0].title).toBe('未命名图片');
    expect(screen.getByTestId('upload-title-state').textContent).toContain('未填写标题');
    // Leaving the empty box saves nothing.
    await act(async () => fireEvent.blur(title));
    expect(calls.update).toEqual([]);
  });

  it('a title typed while the file travels goes with it', async () => {
    const { onUploaded, title } = await choose();
    await act(async () => fireEvent.change(title, { target: { value: '  解放J7 工厂下线  ' } }));
    await arrive();
    expect(calls.register[0].title).toBe('解放J7 工厂下线');
    expect(onUploaded.mock.calls[0][0].title).toBe('解放J7 工厂下线');
    expect(calls.update).toEqual([]);
    expect(screen.getByTestId('upload-title-state').textContent).toBe('标题已保存');
  });

  it('a title typed after the file arrived is saved to the library on Enter, and the picker is told', async () => {
    const { onTitleSaved, title } = await choose();
    await arrive();
    await act(async () => fireEvent.change(title, { target: { value: '东风天龙 车展实拍' } }));
    await act(async () => fireEvent.keyDown(title, { key: 'Enter', code: 'Enter', keyCode: 13 }));
    await waitFor(() => expect(calls.update).toEqual([{ id: 41, values: { title: '东风天龙 车展实拍' } }]));
    await waitFor(() => expect(screen.getByTestId('upload-title-state').textContent).toBe('标题已保存'));
    expect(onTitleSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 41, title: '东风天龙 车展实拍' }));
  });
});

describe('the file name offered as the title (ux-2026-11-28 P2-10)', () => {
  const upload = async (name: string) => {
    render(<UploadQueue kind="pic" onUploaded={vi.fn()} />);
    await act(async () => {
      fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })] } });
    });
    await waitFor(() => expect(calls.release).not.toBeNull());
    return screen.getByLabelText(`「${name}」的标题`) as HTMLInputElement;
  };
  it('a file name that reads like a title is the editable default, and registers unless changed', async () => {
    const title = await upload('解放J7 车展现场.png');
    expect(title.value).toBe('解放J7 车展现场');
    expect(screen.getByTestId('upload-title-state').textContent).toBe('标题取自文件名，可以修改');
    await act(async () => fireEvent.change(title, { target: { value: '解放J7 车展现场（上海）' } }));
    await arrive();
    expect(calls.register[0].title).toBe('解放J7 车展现场（上海）');
  });
  it('a camera-like file name is offered with 「用文件名」, not filled in unasked', async () => {
    const title = await upload('photo-2.png');
    expect(title.value).toBe('');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '用文件名「photo-2」作标题' })));
    expect(title.value).toBe('photo-2');
    await arrive();
    expect(calls.register[0].title).toBe('photo-2');
  });
});

describe('readerTitle', () => {
  it('readers never see the untitled placeholders; every other title is theirs', async () => {
    const { readerTitle } = await import('@/lib/resources/media');
    expect(readerTitle('未命名图片')).toBe('');
    expect(readerTitle(' 未命名视频 ')).toBe('');
    expect(readerTitle(null)).toBe('');
    expect(readerTitle('icon-news')).toBe('icon-news');
    expect(readerTitle('解放J7 车展现场')).toBe('解放J7 车展现场');
  });
});

describe('isPlaceholderTitle', () => {
  it('the untitled placeholders and file names are not titles; Chinese titles are', () => {
    for (const t of ['未命名图片', '未命名视频', '', 'photo-2', 'factory-tour', 'IMG_2034', 'DSC_0012.JPG']) expect(isPlaceholderTitle(t), t).toBe(true);
    for (const t of ['重卡工厂探访', 'E2E卡车-1', '解放J7 试驾', 'J7', '2026 北京车展']) expect(isPlaceholderTitle(t), t).toBe(false);
  });
});

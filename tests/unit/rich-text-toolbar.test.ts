import { describe, expect, it, vi } from 'vitest';
import type { Editor as TinyEditor } from 'tinymce';
import { BLOCK_BUTTONS } from '@/components/articles/editor/block-pickers';
import { NARROW_TOOLBAR_PX, startLaterPlugins, toolbarFor } from '@/components/articles/editor/rich-text';

// On a phone 19 of the 24 toolbar buttons were laid out off screen with no 「更多」 (review P2-11).
const buttons = (toolbar: string) => toolbar.split(/\s+/).filter((b) => b && b !== '|');
const blocks = BLOCK_BUTTONS.map((b) => b.name);

describe('the editor toolbar by width', () => {
  it('narrow (390 px): the five custom blocks first, the rest behind ⋯ in a sliding drawer', () => {
    const { init: narrow, blockIcons } = toolbarFor(390);
    expect(narrow.toolbar_mode).toBe('sliding');
    // TinyMCE's drawer takes whole groups: the blocks' group must fit beside ⋯, so no icons there.
    expect(blockIcons).toBe(false);
    expect(narrow.toolbar.split('|')[0].trim()).toBe(blocks.join(' '));
    expect(buttons(narrow.toolbar).slice(0, 5)).toEqual(['cmsVideo', 'cmsVr', 'cmsInquiry', 'cmsVote', 'cmsGallery']);
    expect(blocks).toEqual(['cmsVideo', 'cmsVr', 'cmsInquiry', 'cmsVote', 'cmsGallery']);
    expect(toolbarFor(NARROW_TOOLBAR_PX - 1).init.toolbar_mode).toBe('sliding');
  });

  it('phones and tablets never get TinyMCE’s sideways-scrolling default', () => {
    for (const width of [390, 844, 1280]) {
      const { mobile, toolbar } = toolbarFor(width).init;
      expect(mobile.toolbar_mode).toBe('sliding');
      expect(mobile.toolbar).toBe(toolbar);
    }
  });

  it('wide: the desktop order and wrapping, as before; both hold the same buttons', () => {
    const { init: wide, blockIcons } = toolbarFor(1440);
    expect(wide.toolbar_mode).toBe('wrap');
    expect(blockIcons).toBe(true);
    expect(buttons(wide.toolbar).slice(0, 3)).toEqual(['undo', 'redo', 'blocks']);
    expect(toolbarFor(NARROW_TOOLBAR_PX).init.toolbar_mode).toBe('wrap');
    expect([...buttons(toolbarFor(390).init.toolbar)].sort()).toEqual([...buttons(wide.toolbar)].sort());
    expect(buttons(wide.toolbar)).toHaveLength(24);
  });
});

describe('the plugins started after the body', () => {
  // TinyMCE's loader as it behaves offline: the plugin scripts fail to load (issue 25: the rejection went uncaught).
  function offline() {
    const failed = () => Promise.reject(new Error('Script at URL "/tinymce/plugins/searchreplace/plugin.min.js" failed to load'));
    (window as unknown as { tinymce: unknown }).tinymce = { PluginManager: { load: failed, get: () => undefined }, ScriptLoader: { loadQueue: failed } };
    const notes: Array<{ text: string; type: string }> = [];
    const editor = { plugins: {}, removed: false, notificationManager: { open: (n: { text: string; type: string }) => notes.push(n) } };
    return { editor: editor as unknown as TinyEditor, notes };
  }

  it('a failed load is said in words when Ctrl+F asked for 查找和替换, and only in the console at the idle start', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { editor, notes } = offline();
      const then = vi.fn();
      await expect(startLaterPlugins(editor, then)).resolves.toBeUndefined();
      expect(then).not.toHaveBeenCalled();
      expect(notes).toEqual([{ text: '查找和替换没能加载，请检查网络后再按一次 Ctrl+F', type: 'warning', timeout: 5000 }]);
      await expect(startLaterPlugins(editor)).resolves.toBeUndefined();
      expect(notes).toHaveLength(1);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
      delete (window as unknown as { tinymce?: unknown }).tinymce;
    }
  });
});

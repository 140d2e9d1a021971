'use client';

import { SAVE_SHORTCUT_EVENT } from '@/components/editorial/editorial-target';
import { useEffect, useRef, useState } from 'react';
import { Editor } from '@tinymce/tinymce-react';
import type { Editor as TinyEditor, TinyMCE } from 'tinymce';
import { BlockPickers, BLOCK_BUTTONS } from './block-pickers';
import type { BlockKind } from '@/components/articles/body/blocks';
import { CONTENT_WIDTH } from './layout';
import { EDITOR_HEIGHT, EDITOR_MAX_WIDTH, EditorPlaceholder } from './editor-placeholder';
import { typedText } from '@/components/editorial/lock-lost';
import { uploadPastedImage } from './paste-upload';
import { FIRST_PLUGINS, LATER_PLUGINS, TINYMCE_BASE, TINYMCE_SCRIPT, TINYMCE_SUFFIX } from './tinymce-assets';

/**
 * Loads and starts, on an editor already running, the plugins nothing on its toolbar needs
 * (LATER_PLUGINS: 查找和替换, 特殊字符, autolink), as TinyMCE would have at start (EditorInit's initPlugin):
 * the body takes input without waiting for them (issue 17).
 */
export function loadLaterPlugins(editor: TinyEditor): Promise<void> {
  const tinymce = (window as unknown as { tinymce?: TinyMCE }).tinymce;
  if (!tinymce) return Promise.resolve();
  const started = Promise.all(
    LATER_PLUGINS.map(async (name) => {
      if (editor.plugins[name]) return;
      const url = `${TINYMCE_BASE}/plugins/${name}`;
      await tinymce.PluginManager.load(name, `${url}/plugin.min.js`);
      const Plugin = tinymce.PluginManager.get(name);
      if (!Plugin || editor.plugins[name] || editor.removed) return;
      const instance = (Plugin(editor, url) || {}) as { init?: (editor: TinyEditor, url: string) => void };
      editor.plugins[name] = instance;
      instance.init?.(editor, url);
    }),
  ).then(() => undefined);
  // PluginManager.load only queues the script (TinyMCE's ScriptLoader.add): without this nothing
  // was ever fetched and the later plugins never started (issue 25).
  tinymce.ScriptLoader.loadQueue().catch(() => undefined);
  return started;
}

/**
 * Starts the later plugins and says so if they cannot load (issue 25: the rejection went uncaught):
 * in words when the person asked for one (`then`, e.g. Ctrl/⌘+F for 查找和替换), only in the
 * console when nobody did (the idle start). A later shortcut tries again.
 */
export function startLaterPlugins(editor: TinyEditor, then?: () => void): Promise<void> {
  return loadLaterPlugins(editor).then(then, (err: unknown) => {
    if (then) editor.notificationManager.open({ text: '查找和替换没能加载，请检查网络后再按一次 Ctrl+F', type: 'warning', timeout: 5000 });
    else console.warn('编辑器的附加插件（查找和替换、特殊字符、自动链接）没能加载', err);
  });
}

/** How long after a block dialog closes a focus handed back to the toolbar goes on to the body. */
const RETURN_WINDOW_MS = 1500;

/**
 * Puts the caret back in the body after a block dialog (review P2-8): at once, and again if the
 * closing dialog then hands the focus to the toolbar button that opened it (an antd Modal restores
 * its opener after its closing motion; the library pickers do). Someone typing on from the keyboard
 * goes on typing in the body.
 */
export function returnToBody(editor: TinyEditor) {
  editor.focus();
  const container = editor.getContainer();
  const onFocus = (e: FocusEvent) => {
    const target = e.target as Node | null;
    if (target && container.contains(target) && target !== editor.iframeElement) editor.focus();
  };
  // Only the dialog's own hand-back: a person going elsewhere (Alt+F10 to the toolbar, Tab, a click)
  // ends it; typing on does not (the hand-back may come after the first keys).
  const stop = (e?: Event) => {
    // (Not instanceof: the body's keys are the frame's KeyboardEvent.)
    if (e && 'key' in e && typedText(e as KeyboardEvent) !== null) return;
    clearTimeout(timer);
    document.removeEventListener('focusin', onFocus, true);
    for (const doc of [document, editor.getDoc()]) {
      doc?.removeEventListener('keydown', stop, true);
      doc?.removeEventListener('pointerdown', stop, true);
    }
  };
  const timer = setTimeout(stop, RETURN_WINDOW_MS);
  document.addEventListener('focusin', onFocus, true);
  for (const doc of [document, editor.getDoc()]) {
    doc?.addEventListener('keydown', stop, true);
    doc?.addEventListener('pointerdown', stop, true);
  }
}

/**
 * A character typed while a block is selected (its caption clicked) would go nowhere: the blocks
 * are kept whole (contenteditable="false"). The caret moves to the paragraph after the block (made
 * when there is none) and the key lands there, with a word of why (review P3-21).
 */
export function typeAfterBlock(editor: TinyEditor, e: KeyboardEvent) {
  // An input method's first key ('Process') moves the caret too, before its text is composed.
  const text = e.key === 'Process' ? '' : typedText(e);
  if (text === null || text === '\n') return;
  const block = editor.dom.getParent(
    editor.selection.getNode(),
    (n: Node) => n.nodeName === 'DIV' && (n as HTMLElement).getAttribute('contenteditable') === 'false',
  ) as HTMLElement | null;
  if (!block) return;
  let next = block.nextElementSibling;
  if (!next || next.nodeName !== 'P') {
    next = editor.dom.create('p', {}, '<br data-mce-bogus="1">');
    editor.dom.insertAfter(next, block);
  }
  editor.selection.setCursorLocation(next, 0);
  editor.notificationManager.open({ text: '插入的块不能直接输入文字，已移到块后面的段落', type: 'info', timeout: 2500 });
}

const ICONS: Record<BlockKind, string> = {
  video: '<svg width="24" height="24" viewBox="0 0 24 24"><path d="M4 6h11v12H4zM15 10l5-3v10l-5-3z" fill="currentColor"/></svg>',
  vr: '<svg width="24" height="24" viewBox="0 0 24 24"><path d="M3 8h18v9h-6l-3-3-3 3H3z" fill="none" stroke="currentColor" stroke-width="2"/></svg>',
  inquiry:
    '<svg width="24" height="24" viewBox="0 0 24 24"><path d="M12 3v18M16 7H10a3 3 0 000 6h4a3 3 0 010 6H8" fill="none" stroke="currentColor" stroke-width="2"/></svg>',
  vote: '<svg width="24" height="24" viewBox="0 0 24 24"><path d="M5 12l4 4 10-10" fill="none" stroke="currentColor" stroke-width="2"/><path d="M3 20h18" stroke="currentColor" stroke-width="2"/></svg>',
  gallery: '<svg width="24" height="24" viewBox="0 0 24 24"><path d="M3 5h14v11H3zM7 19h14V8" fill="none" stroke="currentColor" stroke-width="2"/></svg>',
};

const BLOCKS = BLOCK_BUTTONS.map((b) => b.name).join(' ');

/** Below this width the toolbar keeps one row and folds the rest behind 「⋯」 (review P2-11). */
export const NARROW_TOOLBAR_PX = 600;

/**
 * The toolbar for an editor opened at `width` px (the window's width when the editor starts).
 * Wide: everything, wrapped onto more rows when the column is narrower (as before). Narrow (a phone,
 * a narrow window): the five custom blocks first, the rest behind the 「显示或隐藏其他工具栏项」 (⋯)
 * button in a sliding drawer, so every button is reachable without scrolling the toolbar sideways.
 * Phones and Android tablets get TinyMCE's `mobile` section, whose own default is a sideways-scrolling
 * toolbar with nothing to show that more buttons lie off screen: it is overridden here as well.
 */
export function toolbarFor(width: number) {
  const isNarrow = width < NARROW_TOOLBAR_PX;
  // The drawer takes whole groups: the blocks' group must fit one row beside ⋯ (about 315 px at
  // 390), so narrow, the blocks are words without icons (five icons and words need about 330 px).
  const blockIcons = !isNarrow;
  const toolbar = isNarrow
    ? `${BLOCKS} | undo redo | blocks | bold italic | bullist numlist | link image | underline strikethrough | alignleft aligncenter alignright | blockquote table | removeformat code fullscreen`
    : `undo redo | blocks | bold italic underline strikethrough | alignleft aligncenter alignright | bullist numlist blockquote | link image table | ${BLOCKS} | removeformat code fullscreen`;
  const toolbar_mode = isNarrow ? ('sliding' as const) : ('wrap' as const);
  return { blockIcons, init: { toolbar, toolbar_mode, mobile: { toolbar, toolbar_mode: 'sliding' as const } } };
}

/** How the blocks look while editing (the preview draws the real thing from the ids). */
const CONTENT_STYLE = `
body { max-width: ${CONTENT_WIDTH}px; margin: 16px auto; padding: 0 16px; font: 16px/1.8 "PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif; color: #1f1f1f; }
img { max-width: 100%; height: auto; }
div.cms-video, div.cms-vr, div.cms-inquiry, div.cms-vote, div.cms-gallery { margin: 12px 0; padding: 8px 12px; border: 1px dashed #1677ff; border-radius: 6px; background: #f0f7ff; cursor: default; }
div.cms-video img, div.cms-vr img { display: block; max-width: 320px; border-radius: 4px; }
div.cms-gallery img { display: inline-block; width: 96px; height: 64px; object-fit: cover; margin: 0 6px 6px 0; border-radius: 4px; }
div[class^="cms-"] p { margin: 4px 0; color: #0958d9; font-size: 14px; }
`;

/**
 * The article body: TinyMCE 8 self-hosted (`public/tinymce`, copied by the postinstall; no request
 * leaves the machine), Chinese UI, the five custom buttons with their pickers, pasted and dropped
 * pictures uploaded to the library. A Form.Item child (value / onChange). Load it with next/dynamic
 * (ssr: false) so only the editing screens carry it. `readOnly` while someone else holds the edit lock.
 */
export default function RichText({
  value = '',
  onChange,
  onNormalized,
  id,
  height = EDITOR_HEIGHT,
  readOnly = false,
  onBlockedKey,
}: {
  value?: string;
  onChange?: (html: string) => void;
  onNormalized?: (html: string) => void;
  id?: string;
  height?: number;
  readOnly?: boolean;
  /** A character typed into the body while it is read-only (the editorial form keeps it: issue 23). */
  onBlockedKey?: (text: string) => boolean;
}) {
  const editorRef = useRef<TinyEditor | null>(null);
  // TinyMCE draws its frame, then its toolbar once the skin has loaded (the theme's SkinLoaded):
  // until then it stays hidden over a placeholder of its final size, so nothing moves (issue 25).
  const [drawn, setDrawn] = useState(false);
  const [picker, setPicker] = useState<BlockKind | null>(null);
  const openPicker = useRef<(kind: BlockKind) => void>(null);
  openPicker.current = setPicker;
  // The body as last handed out or put in: a value from outside that differs (a restored copy, the
  // other side of a conflict) replaces the editor's content; what the editor emits does not loop back.
  const last = useRef(value);
  const [initial] = useState(value);
  // Chosen once, when the editor starts: TinyMCE reads its toolbar at init only.
  const [toolbar] = useState(() => toolbarFor(typeof window === 'undefined' ? 1440 : window.innerWidth));
  const latest = useRef(value);
  latest.current = value;
  const blocked = useRef(onBlockedKey);
  blocked.current = onBlockedKey;
  const emit = useRef<(html: string) => void>(null);
  emit.current = (html: string) => {
    if (html === last.current) return;
    last.current = html;
    onChange?.(html);
  };
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || value === last.current) return;
    last.current = value;
    editor.setContent(value);
  }, [value]);

  const close = () => {
    setPicker(null);
    if (editorRef.current) returnToBody(editorRef.current);
  };

  return (
    <div data-testid="rich-text" style={{ maxWidth: EDITOR_MAX_WIDTH, position: 'relative', minHeight: height }}>
      {!drawn && <EditorPlaceholder height={height} overlay />}
      <div style={drawn ? undefined : { visibility: 'hidden' }}>
        <Editor
          id={id}
          tinymceScriptSrc={TINYMCE_SCRIPT}
          licenseKey="gpl"
          readonly={readOnly}
          initialValue={initial}
          onInit={(_evt, editor) => {
            editorRef.current = editor;
            editor.iframeElement?.setAttribute('title', '正文编辑区');
            if (latest.current !== initial) editor.setContent(latest.current);
            // The editor's own serialization of the loaded body (attribute order, empty paragraphs).
            const html = editor.getContent();
            last.current = html;
            onNormalized?.(html);
            // Every kind of edit reports the body (typing, commands, undo, paste, blocks inserted).
            editor.on('input change keyup undo redo ExecCommand NewBlock SetContent paste', () => emit.current?.(editor.getContent()));
            editor.on('keydown', (e) => typeAfterBlock(editor, e));
            // A read-only editor fires no events of its own: the frame's keys are watched directly.
            editor.getDoc().addEventListener('keydown', (e) => {
              const text = editor.mode.isReadOnly() ? typedText(e) : null;
              if (text !== null && blocked.current?.(text)) e.preventDefault();
            });
            // The plugins no toolbar button needs, once the browser has nothing else to do.
            const later = () => void startLaterPlugins(editor);
            if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(later, { timeout: 3000 });
            else setTimeout(later, 1000);
          }}
          init={{
            height,
            language: 'zh-CN',
            language_url: `${TINYMCE_BASE}/langs/zh-CN.js`,
            // The version on every file it loads: they are cached for a year (tinymce-assets.ts).
            cache_suffix: `?${TINYMCE_SUFFIX}`,
            menubar: false,
            branding: false,
            promotion: false,
            // The public site's stylesheet does the rest; nothing is fetched from outside.
            content_css: 'default',
            content_style: CONTENT_STYLE,
            // The toolbar's plugins and the word count; searchreplace, charmap and autolink load later.
            plugins: FIRST_PLUGINS.join(' '),
            ...toolbar.init,
            block_formats: '正文=p; 标题 2=h2; 标题 3=h3; 标题 4=h4',
            iframe_aria_text: '正文编辑区，按 Alt+F10 进入工具栏',
            // Pictures pasted or dropped go to the library and come back as URLs: never base64.
            paste_data_images: true,
            automatic_uploads: true,
            images_file_types: 'jpg,jpeg,png,gif,webp',
            images_upload_handler: (blobInfo, progress) =>
              uploadPastedImage(blobInfo.blob(), blobInfo.filename(), progress).catch((err: unknown) => {
                throw { message: err instanceof Error ? err.message : '图片上传失败', remove: true };
              }),
            // Characters stay characters (6×4, not 6&times;4): what the server stores, byte for byte.
            entity_encoding: 'raw',
            convert_urls: false,
            relative_urls: false,
            // The blocks carry contenteditable="false" (kept whole); these are all the body may hold.
            extended_valid_elements: 'div[class|contenteditable|data-video-id|data-vr-id|data-series-id|data-product-id|data-activity-id|data-pic-ids]',
            setup: (editor) => {
              // After the theme's own SkinLoaded handler has put the toolbar in (it runs after this one).
              const show = () => requestAnimationFrame(() => setDrawn(true));
              editor.on('SkinLoaded SkinLoadError', show);
              for (const b of BLOCK_BUTTONS) {
                editor.ui.registry.addIcon(`cms-${b.kind}`, ICONS[b.kind]);
                editor.ui.registry.addButton(b.name, {
                  ...(toolbar.blockIcons ? { icon: `cms-${b.kind}` } : {}),
                  text: b.text,
                  tooltip: b.tooltip,
                  onAction: () => openPicker.current?.(b.kind),
                });
              }
              // 查找和替换 before its plugin has loaded: load it, then open it (the plugin then takes the shortcut over).
              editor.addShortcut('meta+f', '查找和替换', () => void startLaterPlugins(editor, () => editor.execCommand('SearchReplace')));
              // Ctrl/⌘+S inside the body saves a draft as it does elsewhere on the page (issue 15).
              editor.addShortcut('meta+s', '存草稿', () => window.dispatchEvent(new Event(SAVE_SHORTCUT_EVENT)));
            },
          }}
        />
      </div>
      <BlockPickers
        open={picker}
        onClose={close}
        onInsert={(html) => {
          setPicker(null);
          const editor = editorRef.current;
          if (!editor) return;
          editor.focus();
          // A paragraph after the block, so typing can go on below it.
          editor.insertContent(`${html}<p></p>`);
          returnToBody(editor);
        }}
      />
    </div>
  );
}

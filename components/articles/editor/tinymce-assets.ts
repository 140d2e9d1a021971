/**
 * What TinyMCE loads before the body takes input (issue 17), in one place: the editor
 * (./rich-text.tsx) starts with these plugins, 写文章 preloads these files while the page starts
 * (./editor-preload.tsx), and the article list and 发布内容 prefetch them.
 *
 * TinyMCE (public/tinymce, copied by the postinstall) loads its theme, model, icons, language and
 * each plugin as a separate script after `tinymce.min.js`, then the skin's stylesheets: without
 * preloading, each step waits for the one before it.
 */
export const TINYMCE_BASE = '/tinymce';

/**
 * TinyMCE's version on every URL it loads (its `cache_suffix` option; next.config.ts sets
 * TINYMCE_VERSION from the installed package), so those files can be cached for a year without
 * asking again (next.config.ts): an upgrade changes every URL.
 */
export const TINYMCE_SUFFIX = `v=${process.env.TINYMCE_VERSION ?? 'dev'}`;
const versioned = (path: string) => `${path}?${TINYMCE_SUFFIX}`;

export const TINYMCE_SCRIPT = versioned(`${TINYMCE_BASE}/tinymce.min.js`);

/**
 * The plugins the editor starts with: those of the toolbar (lists, link, image, table, code,
 * fullscreen) and the word count the status bar draws when the editor does.
 */
export const FIRST_PLUGINS = ['lists', 'link', 'image', 'table', 'code', 'fullscreen', 'wordcount'];

/**
 * Loaded once the editor is up and the browser is idle, or at once on their shortcut (Ctrl/⌘+F for
 * 查找和替换): nothing on the toolbar needs them (./rich-text.tsx, `loadLaterPlugins`). autolink
 * only acts on what is typed after it has started (issue 25).
 */
export const LATER_PLUGINS = ['searchreplace', 'charmap', 'autolink'];

/** The scripts TinyMCE asks for at start, in the order it needs them. */
export const TINYMCE_SCRIPTS = [
  TINYMCE_SCRIPT,
  ...[
    `${TINYMCE_BASE}/themes/silver/theme.min.js`,
    `${TINYMCE_BASE}/models/dom/model.min.js`,
    `${TINYMCE_BASE}/icons/default/icons.min.js`,
    `${TINYMCE_BASE}/langs/zh-CN.js`,
    ...FIRST_PLUGINS.map((p) => `${TINYMCE_BASE}/plugins/${p}/plugin.min.js`),
  ].map(versioned),
];

/** The skin's stylesheets (the UI's and the editing area's). */
export const TINYMCE_STYLES = [
  `${TINYMCE_BASE}/skins/ui/oxide/skin.min.css`,
  `${TINYMCE_BASE}/skins/ui/oxide/content.min.css`,
  `${TINYMCE_BASE}/skins/content/default/content.min.css`,
].map(versioned);

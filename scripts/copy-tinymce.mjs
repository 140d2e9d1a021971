// Self-hosted TinyMCE (DESIGN §7): copies the editor and its Chinese language pack into
// public/tinymce so that the browser loads them from this server and no request leaves the machine.
// Runs as the project's postinstall; it is idempotent and quick (a plain recursive copy).
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const from = path.join(root, 'node_modules', 'tinymce');
const to = path.join(root, 'public', 'tinymce');
if (!existsSync(from)) {
  console.warn('copy-tinymce: node_modules/tinymce is missing; the editor will not load until it is installed');
  process.exit(0);
}
rmSync(to, { recursive: true, force: true });
cpSync(from, to, {
  recursive: true,
  // Sources, type declarations and the package's own metadata are not served.
  filter: (src) => !/\.(d\.ts|map)$|[\\/](README|CHANGELOG)\.md$/.test(src),
});
const lang = path.join(root, 'node_modules', 'tinymce-i18n', 'langs8', 'zh-CN.js');
mkdirSync(path.join(to, 'langs'), { recursive: true });
if (existsSync(lang)) cpSync(lang, path.join(to, 'langs', 'zh-CN.js'));
else console.warn('copy-tinymce: tinymce-i18n is missing; the editor falls back to English');

/**
 * antd's stylesheet cut to the components we ship (issue 25, scripts/antd-css.mjs): the committed
 * files are what the script makes of the installed antd, and what a screen draws keeps its rules.
 */
// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { antdCss, split, topLevelRules } from '../../scripts/antd-css.mjs';

const ROOT = path.resolve(__dirname, '../..');
const committed = (name: string) => readFileSync(path.join(ROOT, 'styles/antd', name), 'utf8');
/** Whether the stylesheet has a rule whose selector starts with the class (kept short: no stylesheet in a failure). */
const hasRule = (css: string, cls: string) => new RegExp(`(^|[}{,])\\${cls}[{ ,.:\\[]`).test(css);

describe('antd stylesheet split', () => {
  const files: Record<string, string> = split(antdCss());

  it('the committed files are what scripts/antd-css.mjs makes of the installed antd (run npm run css:antd after an upgrade)', () => {
    for (const [name, text] of Object.entries(files)) expect(committed(name) === text, `styles/antd/${name} is stale`).toBe(true);
  });

  it('keeps the rules of the components the screens draw and drops those no screen uses', () => {
    const app = files['app.css'];
    const kept = [
      '.ant-table-wrapper',
      '.ant-btn',
      '.ant-menu',
      '.ant-modal',
      '.ant-select-dropdown',
      '.ant-form-item',
      '.ant-tree',
      '.ant-upload',
      '.ant-message',
    ];
    expect(kept.filter((cls) => !hasRule(app, cls))).toEqual([]);
    expect(app.includes('@keyframes')).toBe(true);
    const dropped = ['.ant-steps', '.ant-mentions', '.ant-cascader', '.ant-color-picker', '.ant-picker', '.data-ant-cssinjs-cache-path'];
    expect(dropped.filter((cls) => hasRule(app, cls))).toEqual([]);
    expect(hasRule(files['picker.css'], '.ant-picker-dropdown')).toBe(true);
    expect(hasRule(files['login.css'], '.ant-input-affix-wrapper')).toBe(true);
    expect(hasRule(files['login.css'], '.ant-table')).toBe(false);
  });

  it('splits at top-level rules only (at-rules keep their blocks; braces in strings do not count)', () => {
    expect(topLevelRules('a{b:c}@media (x){.d{e:f}}.g::before{content:"}"}')).toEqual(['a{b:c}', '@media (x){.d{e:f}}', '.g::before{content:"}"}']);
  });
});

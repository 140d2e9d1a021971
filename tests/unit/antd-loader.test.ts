/**
 * scripts/antd-loader.cjs (issue 25): four of antd's modules with one import rewritten so that list
 * screens carry less of antd. Each rewrite must answer as antd's own code does, and the installed
 * antd must still have the imports it replaces (else the build fails, saying so).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FastColor } from '@ant-design/fast-color';
import { AggregationColor } from 'antd/es/color-picker/color';
import { isBright as antdIsBright } from 'antd/es/color-picker/components/ColorPresets';
import { flattenKeys as antdFlattenKeys } from 'antd/es/table/hooks/useFilter/FilterDropdown';
// @ts-expect-error: a plain CommonJS loader without types
import loader from '../../scripts/antd-loader.cjs';

const ROOT = path.resolve(__dirname, '../..');
const source = (file: string) => readFileSync(path.join(ROOT, 'node_modules/antd/es', file), 'utf8');

/** A rewrite's code evaluated on its own (its import lines dropped, their names passed in). */
function evaluate<T>(from: string, name: string, scope: Record<string, unknown>): T {
  const body = (loader.transform(from) as string).replace(/^import .*$/gm, '');
  return new Function(...Object.keys(scope), `${body}\nreturn ${name};`)(...Object.values(scope));
}

describe('antd loader', () => {
  it('isBright answers as antd does, for light, dark and translucent colours on light and dark backgrounds', () => {
    const ours = evaluate<(value: AggregationColor, bg: string) => boolean>(loader.IS_BRIGHT_IMPORT, 'isBright', { __IsBrightColor: FastColor });
    const colours = [
      '#fff',
      '#000',
      '#1d5bd8',
      '#fadb14',
      '#ffe58f',
      '#52c41a',
      'rgba(0, 0, 0, 0.88)',
      'rgba(255, 255, 255, 0.3)',
      'rgba(0, 0, 0, 0.2)',
      '#808080',
      '#c0c0c0',
    ];
    for (const bg of ['#fff', '#000', '#141414']) {
      for (const c of colours) expect([c, bg, ours(new AggregationColor(c), bg)]).toEqual([c, bg, antdIsBright(new AggregationColor(c), bg)]);
    }
  });

  it("the table filter's flattenKeys answers as antd's does", () => {
    const ours = evaluate<(filters: unknown) => unknown[]>(loader.FILTER_IMPORT, 'flattenKeys', { React: { lazy: () => null } });
    const filters = [{ value: 'a', children: [{ value: 'b' }, { value: 'c', children: [{ value: 'd' }] }] }, { value: 'e' }];
    expect(ours(filters)).toEqual(antdFlattenKeys(filters as never));
    expect(ours(undefined)).toEqual([]);
  });

  it("the selection's arrAdd and arrDel answer as rc-tree's do", async () => {
    const tree = await import('@rc-component/tree');
    const code = (loader.transform(loader.TREE_IMPORT) as string).replace(/^import .*$/gm, '');
    const [arrAdd, arrDel] = new Function(`${code}\nreturn [arrAdd, arrDel];`)();
    for (const [list, value] of [
      [[1, 2], 3],
      [[1, 2], 2],
      [undefined, 1],
      [[], 'a'],
    ] as const) {
      expect(arrAdd(list, value)).toEqual(tree.arrAdd(list as never, value));
      expect(arrDel(list, value)).toEqual(tree.arrDel(list as never, value));
    }
  });

  it('the installed antd still has the four imports it rewrites (else the build stops with the reason)', () => {
    for (const file of ['button/style/token.js', 'tag/style/index.js']) {
      const out: string = loader.transform(source(file), file);
      expect(out).not.toContain('ColorPresets');
      expect(out).toContain('const isBright');
    }
    const filter: string = loader.transform(source('table/hooks/useFilter/index.js'));
    expect(filter).not.toContain("from './FilterDropdown'");
    expect(filter).toContain("React.lazy(() => import('./FilterDropdown'))");
    const selection: string = loader.transform(source('table/hooks/useSelection.js'));
    expect(selection).not.toContain("from '@rc-component/tree';");
    expect(() => loader.transform("import { isBright } from './elsewhere';", 'x.js')).toThrow(/antd changed/);
  });
});

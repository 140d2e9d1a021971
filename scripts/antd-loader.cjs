/**
 * A Turbopack loader (next.config.ts, `turbopack.rules`) that rewrites one import in each of four of
 * antd's modules, so that every list screen's first load carries less of antd (issue 25). Each
 * rewrite keeps antd's behaviour; each fails the build when its import is not found (antd changed):
 * then read antd's new code and update the rewrite, or drop it. tests/unit/antd-loader.test.ts
 * holds the rewrites to antd's own code.
 *
 * 1. antd's Button and Tag style tokens import `isBright` from the colour picker's preset list
 *    (`color-picker/components/ColorPresets`), a component module that imports antd's Collapse and
 *    the colour picker's blocks; Turbopack keeps a module whole, so every signed-in screen carried
 *    Collapse for a three-line colour test. The same function is written in place, on
 *    `@ant-design/fast-color` (the class antd's own colour class extends; same constructor for a string).
 * 2. antd's Table imports the column filter's dropdown (antd's Tree, its search, Radio …) for columns
 *    with `filters` or `filterDropdown`, which no screen of ours declares (our filters are the bar above
 *    the table). The dropdown becomes `React.lazy`: a column that has a filter shows its title at once
 *    and its filter button once that code has arrived. `flattenKeys` (the filter state's keys) is
 *    written in place, as antd has it.
 * 3. antd's Table's row selection imports four helpers from `@rc-component/tree`'s index, which
 *    brings the whole tree component along: the two that live in component-free files are imported
 *    from those files, the two one-line array helpers are written in place, as rc-tree has them.
 */
const IS_BRIGHT_IMPORT = "import { isBright } from '../../color-picker/components/ColorPresets';";
const IS_BRIGHT = `import { FastColor as __IsBrightColor } from '@ant-design/fast-color';
const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new __IsBrightColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};`;

const FILTER_IMPORT = "import FilterDropdown, { flattenKeys } from './FilterDropdown';";
const FILTER = `const __LazyFilterDropdown = /*#__PURE__*/React.lazy(() => import('./FilterDropdown'));
const FilterDropdown = (props) => React.createElement(React.Suspense, { fallback: props.children }, React.createElement(__LazyFilterDropdown, props));
function flattenKeys(filters) {
  let keys = [];
  (filters || []).forEach(({ value, children }) => {
    keys.push(value);
    if (children) keys = [...keys, ...flattenKeys(children)];
  });
  return keys;
}`;

const TREE_IMPORT = "import { arrAdd, arrDel, conductCheck, convertDataToEntities } from '@rc-component/tree';";
const TREE = `import { conductCheck } from '@rc-component/tree/es/utils/conductUtil';
import { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil';
function arrDel(list, value) {
  if (!list) return [];
  const clone = list.slice();
  const index = clone.indexOf(value);
  if (index >= 0) clone.splice(index, 1);
  return clone;
}
function arrAdd(list, value) {
  const clone = (list || []).slice();
  if (clone.indexOf(value) === -1) clone.push(value);
  return clone;
}`;

/** The files the rule of next.config.ts sends here (button/style/token.js, tag/style/index.js, table/hooks/useFilter/index.js, table/hooks/useSelection.js): the import each must have, and what replaces it. */
const REWRITES = [
  { from: IS_BRIGHT_IMPORT, to: IS_BRIGHT },
  { from: FILTER_IMPORT, to: FILTER },
  { from: TREE_IMPORT, to: TREE },
];

function transform(source, file = 'an antd module') {
  const rewrite = REWRITES.find((r) => source.includes(r.from));
  if (!rewrite) throw new Error(`scripts/antd-loader.cjs: ${file} has none of the imports this loader rewrites (antd changed): update or drop the rewrite`);
  return source.replace(rewrite.from, rewrite.to);
}

module.exports = function antdLoader(source) {
  return transform(String(source), this.resourcePath);
};
Object.assign(module.exports, { transform, IS_BRIGHT_IMPORT, FILTER_IMPORT, TREE_IMPORT });

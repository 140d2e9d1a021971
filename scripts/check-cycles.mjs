// The import rules of docs/decisions.md ("Issue 16: zero cycles and route files that only route"); fails
// listing each break. `npm run check:cycles`, run by `npm test` before the unit tests.
// 1. No import cycle between files of app/ components/ lib/ server/ stores/ (and the root middleware.ts,
//    instrumentation.ts). Every import counts: values, `import type`, re-exports and `import()`. A
//    type-only edge costs nothing at run time, but it still ties two modules together, so a cycle made of
//    types is reported like any other.
// 2. No cycle between feature folders: each components/<feature> and each server/<domain> is one unit
//    (server/workflow, server/articles, server/db …; a file directly in server/ is a unit of its own), and
//    app, lib and stores one each (so a component never imports a page file, lib never imports a screen,
//    and two server domains never import each other both ways: issue 24).
// 3. A route file (server/routes/*.ts, or a domain folder's routes.ts) imports domain modules, never another route file; and only
//    server/resources.ts, the registry that server/app.ts mounts, imports a route file (no domain module
//    reaches up into one).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = process.cwd();
const ROUTE_FILE = /^server\/(routes\/[^/]+|[^/]+\/routes)\.ts$/;
const walk = (dir) =>
  fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' || e.name.startsWith('.') ? [] : walk(rel);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [rel] : [];
  });
const files = [...['app', 'components', 'lib', 'server', 'stores'].flatMap(walk), ...['middleware.ts', 'instrumentation.ts'].filter((f) => fs.existsSync(f))];
const known = new Set(files);

function resolve(from, spec) {
  let base;
  if (spec.startsWith('@/')) base = spec.slice(2);
  else if (spec.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null; // a package
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => known.has(f)) ?? null;
}
// preProcessFile lists static imports (type-only included), re-exports, import() calls and import('x') types.
const imports = (f) =>
  ts
    .preProcessFile(fs.readFileSync(path.join(ROOT, f), 'utf8'), true, true)
    .importedFiles.map((i) => resolve(f, i.fileName))
    .filter(Boolean);
const fileGraph = new Map(files.map((f) => [f, [...new Set(imports(f))].sort()]));
const unit = (f) => {
  const parts = f.split('/');
  if (parts[0] === 'components') return parts.slice(0, 2).join('/');
  if (parts[0] === 'server') return parts.slice(0, 2).join('/');
  return parts[0];
};
const unitGraph = new Map();
for (const [f, targets] of fileGraph)
  unitGraph.set(unit(f), [...new Set([...(unitGraph.get(unit(f)) ?? []), ...targets.map(unit).filter((u) => u !== unit(f))])].sort());

/** Tarjan's strongly connected components; each one of several nodes (or a node importing itself) is a cycle, shown by its shortest loop. */
function cycles(graph) {
  let counter = 0;
  const index = new Map(),
    low = new Map(),
    stack = [],
    onStack = new Set(),
    found = [];
  const connect = (v) => {
    (index.set(v, counter), low.set(v, counter++), stack.push(v), onStack.add(v));
    for (const w of graph.get(v)) {
      if (!index.has(w)) (connect(w), low.set(v, Math.min(low.get(v), low.get(w))));
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const members = [];
    for (let w; w !== v;) (onStack.delete((w = stack.pop())), members.push(w));
    if (members.length > 1 || graph.get(v).includes(v)) found.push(loop(graph, members.sort()));
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found;
}
function loop(graph, members) {
  const inside = new Set(members),
    start = members[0],
    prev = new Map([[start, null]]);
  for (const queue = [start]; queue.length;) {
    const v = queue.shift();
    for (const w of graph.get(v).filter((x) => inside.has(x))) {
      if (w === start) {
        const path = [start];
        for (let u = v; u !== start; u = prev.get(u)) path.splice(1, 0, u);
        const rest = members.filter((m) => !path.includes(m));
        return `${[...path, start].join('\n  → ')}${rest.length ? `\n  (also in it: ${rest.join(', ')})` : ''}`;
      }
      if (!prev.has(w)) (prev.set(w, v), queue.push(w));
    }
  }
}

const fileCycles = cycles(fileGraph);
const unitCycles = cycles(unitGraph);
const routeImports = files
  .filter((f) => f !== 'server/resources.ts')
  .flatMap((f) =>
    fileGraph
      .get(f)
      .filter((g) => ROUTE_FILE.test(g) && g !== f)
      .map((g) => `${f} → ${g}`),
  );
// 4. A route file stays a routing file: at most ROUTE_LINES lines; its logic goes to a domain module.
const ROUTE_LINES = 300;
const longRoutes = files
  .filter((f) => ROUTE_FILE.test(f))
  .map((f) => [f, fs.readFileSync(path.join(ROOT, f), 'utf8').split('\n').length - 1])
  .filter(([, n]) => n > ROUTE_LINES);
for (const [f, n] of longRoutes) console.error(`a route file over ${ROUTE_LINES} lines: ${f} (${n}); move its logic into server/<feature>/`);
for (const c of fileCycles) console.error(`import cycle:\n  ${c}`);
for (const c of unitCycles) console.error(`cycle between folders:\n  ${c}`);
for (const r of routeImports)
  console.error(`${ROUTE_FILE.test(r.split(' → ')[0]) ? 'a route file imports a route file' : 'only server/resources.ts imports route files'}: ${r}`);
const count = [...fileGraph.values()].reduce((n, e) => n + e.length, 0);
console.error(
  `${files.length} files, ${count} imports: ${fileCycles.length} file cycle(s), ${unitCycles.length} folder cycle(s), ${routeImports.length} import(s) of a route file outside server/resources.ts, ${longRoutes.length} route file(s) over ${ROUTE_LINES} lines`,
);
process.exit(fileCycles.length || unitCycles.length || routeImports.length || longRoutes.length ? 1 : 0);

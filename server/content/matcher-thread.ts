import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';

/**
 * The dictionary's Aho–Corasick automaton lives in a worker thread (issue 23, F1): building it over
 * 100 000 words takes seconds of CPU, which on the request thread froze every request of the
 * instance. The worker builds a new automaton in slices of a few milliseconds and keeps answering
 * matches with the one it has until the new one is complete, then swaps them.
 *
 * The worker's code is {@link matcherWorkerMain}, passed as source (`eval`): Next bundles server
 * code into chunks, so a separate worker file would need its own place in the build output and in
 * vitest/tsx; a self-contained function has none. It must therefore use nothing from outside its
 * own body (no imports, no helpers of this module, no syntax a compiler would lower to a helper).
 */

/** Messages to the worker. */
type ToWorker =
  | { type: 'reset'; seq: number; stamp: string; forms: string[] }
  | { type: 'change'; seq: number; stamp: string; add: string[]; remove: string[] }
  | { type: 'match'; id: number; text: string };
/** Messages from the worker. */
type FromWorker = { type: 'built'; seq: number; stamp: string; ms: number } | { type: 'match'; id: number; stamp: string; hits: string[] };
/** Words per piece of a whole set sent to the worker (the request thread turns between pieces). */
const PIECE = 10_000;

/**
 * The worker's body. It keeps the set of words (already normalized) it was last given: `reset`
 * replaces it (pieces of a word per line), `change` adds and removes a few (this process's own
 * edits, so the request thread never sends the whole dictionary for one word). Each turns the set
 * into a new trie with failure and output links, and says `built` with the request's number; a
 * newer one abandons a build in progress. Matching reports every dictionary word ending at each
 * position, including one that is a suffix of a longer partial match ("bc" inside
 * "abcx" when "abcd" is also a word), which mint-filter 4.0.3 missed.
 */
export function matcherWorkerMain(): void {
  /**
   * The automaton in typed arrays (no object per node: 100 000 words are ~1.2 million nodes, which
   * as objects cost 150 MB and kept the garbage collector busy). Node 0 is the root; each node has
   * its parent, the character that led to it, its depth, whether a word ends there, its failure
   * link and its output link (the nearest word ending on its failure chain). The edges are an
   * open-addressing hash table keyed by (parent, character).
   */
  interface Automaton {
    stamp: string;
    mask: number;
    edgeFrom: Int32Array;
    edgeCode: Uint16Array;
    edgeTo: Int32Array;
    depth: Uint16Array;
    isWord: Uint8Array;
    fail: Int32Array;
    out: Int32Array;
  }
  const { parentPort } = process.getBuiltinModule('node:worker_threads') as typeof import('node:worker_threads');
  if (!parentPort) return;
  const port = parentPort;
  // A build only takes CPU the request thread does not want: on Linux a thread has its own nice
  // value, and this lowers this thread's only (the request thread keeps its priority).
  try {
    (process.getBuiltinModule('node:os') as typeof import('node:os')).setPriority(10);
  } catch {
    /* not permitted or not supported: the build still runs in its own thread */
  }
  const empty = (stamp: string): Automaton => ({
    stamp,
    mask: 0,
    edgeFrom: new Int32Array(1),
    edgeCode: new Uint16Array(1),
    edgeTo: new Int32Array(1),
    depth: new Uint16Array(1),
    isWord: new Uint8Array(1),
    fail: new Int32Array(1),
    out: new Int32Array(1).fill(-1),
  });
  let current = empty('');
  let words = new Set<string>();
  let token = 0;
  const SLICE_MS = 5;
  const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
  const slot = (from: number, code: number, mask: number) => (Math.imul(from + 1, 0x9e3779b1) ^ Math.imul(code + 1, 0x85ebca6b)) & mask;
  /** The node reached from `from` by `code`, or -1. */
  const edge = (a: Automaton, from: number, code: number): number => {
    if (!a.mask) return -1;
    for (let s = slot(from, code, a.mask); ; s = (s + 1) & a.mask) {
      const to = a.edgeTo[s];
      if (to === 0) return -1;
      if (a.edgeFrom[s] === from && a.edgeCode[s] === code) return to;
    }
  };

  async function build(seq: number, stamp: string) {
    const mine = ++token;
    const started = performance.now();
    const forms = [...words];
    let chars = 0;
    for (const form of forms) chars += form.length;
    const nodes = chars + 1;
    let size = 2;
    while (size < nodes * 2) size *= 2;
    const a: Automaton = {
      stamp,
      mask: size - 1,
      edgeFrom: new Int32Array(size),
      edgeCode: new Uint16Array(size),
      edgeTo: new Int32Array(size),
      depth: new Uint16Array(nodes),
      isWord: new Uint8Array(nodes),
      fail: new Int32Array(nodes),
      out: new Int32Array(nodes).fill(-1),
    };
    const parent = new Int32Array(nodes);
    const code = new Uint16Array(nodes);
    let count = 1;
    let slice = performance.now();
    const breathe = async () => {
      if (performance.now() - slice < SLICE_MS) return true;
      await pause();
      slice = performance.now();
      return mine === token;
    };
    for (let i = 0; i < forms.length; i++) {
      const form = forms[i];
      let node = 0;
      for (let k = 0; k < form.length; k++) {
        const c = form.charCodeAt(k);
        let s = slot(node, c, a.mask);
        while (a.edgeTo[s] !== 0 && !(a.edgeFrom[s] === node && a.edgeCode[s] === c)) s = (s + 1) & a.mask;
        if (a.edgeTo[s] === 0) {
          a.edgeFrom[s] = node;
          a.edgeCode[s] = c;
          a.edgeTo[s] = count;
          parent[count] = node;
          code[count] = c;
          a.depth[count] = k + 1;
          count++;
        }
        node = a.edgeTo[s];
      }
      if (node) a.isWord[node] = 1;
      if ((i & 255) === 0 && !(await breathe())) return;
    }
    // Failure and output links, shallower nodes first (a node's failure is shallower than it).
    const byDepth = new Int32Array(count);
    let maxDepth = 0;
    for (let v = 1; v < count; v++) maxDepth = Math.max(maxDepth, a.depth[v]);
    const starts = new Int32Array(maxDepth + 2);
    for (let v = 1; v < count; v++) starts[a.depth[v] + 1]++;
    for (let d = 1; d <= maxDepth + 1; d++) starts[d] += starts[d - 1];
    for (let v = 1; v < count; v++) byDepth[starts[a.depth[v]]++] = v;
    for (let i = 0; i < count - 1; i++) {
      const v = byDepth[i];
      const p = parent[v];
      let f = 0;
      if (p !== 0) {
        f = a.fail[p];
        let next = edge(a, f, code[v]);
        while (next < 0 && f !== 0) {
          f = a.fail[f];
          next = edge(a, f, code[v]);
        }
        f = next < 0 ? 0 : next;
      }
      a.fail[v] = f;
      a.out[v] = a.isWord[f] ? f : a.out[f];
      if ((i & 1023) === 0 && !(await breathe())) return;
    }
    current = a;
    port.postMessage({ type: 'built', seq, stamp, ms: Math.round(performance.now() - started) });
  }

  function match(text: string): string[] {
    const a = current;
    const hits = new Set<string>();
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      let next = edge(a, node, c);
      while (next < 0 && node !== 0) {
        node = a.fail[node];
        next = edge(a, node, c);
      }
      node = next < 0 ? 0 : next;
      for (let o = a.isWord[node] ? node : a.out[node]; o > 0; o = a.out[o]) hits.add(text.slice(i + 1 - a.depth[o], i + 1));
    }
    return [...hits];
  }

  port.on(
    'message',
    (
      msg:
        | { type: 'reset'; seq: number; stamp: string; forms: string[] }
        | { type: 'change'; seq: number; stamp: string; add: string[]; remove: string[] }
        | { type: 'match'; id: number; text: string },
    ) => {
      if (msg.type === 'match') {
        port.postMessage({ type: 'match', id: msg.id, stamp: current.stamp, hits: match(msg.text) });
        return;
      }
      if (msg.type === 'reset') {
        words = new Set();
        for (const piece of msg.forms) for (const form of piece.split('\n')) if (form) words.add(form);
      } else {
        for (const form of msg.remove) words.delete(form);
        for (const form of msg.add) words.add(form);
      }
      void build(msg.seq, msg.stamp);
    },
  );
}

/**
 * The worker's source. esbuild (tsx, `keepNames`) wraps inner functions in its `__name` helper,
 * which the worker does not have: it is defined here as the helper does it. The build output's
 * worker is checked by tests/unit/dictionary-matcher.test.ts and the e2e journey of 敏感词库.
 */
const WORKER_SOURCE = `const __name = (f, value) => Object.defineProperty(f, 'name', { value, configurable: true });\n(${matcherWorkerMain.toString()})();`;

/** Words added and removed since the set labelled `base`. */
export interface MatcherChange {
  base: string;
  add: string[];
  remove: string[];
}

type Waiter = { seq: number; resolve: () => void; reject: (err: Error) => void };

/**
 * The main thread's side: asks for builds, waits for them, sends matches. One per process
 * ({@link matcherThread}); the worker is started on first use and again after a crash, and never
 * keeps the process alive. Every build request has a number; a later request includes every
 * earlier one's words (one dictionary, newer generations), so whoever waits for request n is
 * answered by the first build numbered n or more.
 */
export class MatcherThread {
  private worker: Worker | null = null;
  /** The stamp the worker's automaton answers for; null before the first build. */
  built: string | null = null;
  private builtSeq = 0;
  private seq = 0;
  /** The newest request posted to the worker. */
  private requested: { stamp: string; seq: number } | null = null;
  /** A whole set being cut into pieces before it is posted (the newest request while it lasts). */
  private preparing: { stamp: string; seq: number } | null = null;
  private waiters: Waiter[] = [];
  private matches = new Map<number, { resolve: (r: { stamp: string; hits: string[] }) => void; reject: (err: Error) => void }>();
  private nextId = 1;
  /** How long the last build took in the worker (ms), for the log and the tests. */
  lastBuildMs = 0;

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, name: 'cms-dictionary' });
    worker.unref();
    worker.on('message', (msg: FromWorker) => {
      if (msg.type === 'built') {
        this.built = msg.stamp;
        this.builtSeq = msg.seq;
        this.lastBuildMs = msg.ms;
        const done = this.waiters.filter((w) => w.seq <= msg.seq);
        this.waiters = this.waiters.filter((w) => w.seq > msg.seq);
        for (const w of done) w.resolve();
      } else {
        const pending = this.matches.get(msg.id);
        this.matches.delete(msg.id);
        pending?.resolve({ stamp: msg.stamp, hits: msg.hits });
      }
    });
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      console.error(`[check] 敏感词匹配线程退出：${err.message}`);
      this.reset();
      for (const w of this.waiters) w.reject(err);
      for (const m of this.matches.values()) m.reject(err);
      this.waiters = [];
      this.matches.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private reset() {
    this.worker = null;
    this.built = null;
    this.requested = null;
    this.preparing = null;
  }

  private post(msg: ToWorker) {
    this.start().postMessage(msg);
  }

  /**
   * Asks for an automaton labelled `stamp`, unless it is the one asked for already: over the
   * changed words when the worker's set is the change's `base`, else over all of `forms()`, cut
   * into pieces with a turn of the event loop between them. Returns the request's number.
   */
  private async request(stamp: string, forms: () => Iterable<string>, change?: MatcherChange): Promise<number> {
    if (this.worker && this.requested?.stamp === stamp) return this.requested.seq;
    if (this.preparing?.stamp === stamp) return this.preparing.seq;
    const seq = ++this.seq;
    if (change && this.worker && !this.preparing && this.requested?.stamp === change.base) {
      this.requested = { stamp, seq };
      this.post({ type: 'change', seq, stamp, add: change.add, remove: change.remove });
      return seq;
    }
    this.preparing = { stamp, seq };
    const pieces: string[] = [];
    let piece: string[] = [];
    for (const form of forms()) {
      piece.push(form);
      if (piece.length < PIECE) continue;
      pieces.push(piece.join('\n'));
      piece = [];
      await nextTurn();
      // A newer request replaced this one: its build answers this one's waiters.
      if (this.seq !== seq) return seq;
    }
    if (piece.length) pieces.push(piece.join('\n'));
    if (this.seq !== seq) return seq;
    this.preparing = null;
    this.requested = { stamp, seq };
    this.post({ type: 'reset', seq, stamp, forms: pieces });
    return seq;
  }

  /** Resolves once the worker answers for `stamp` (or for a newer build that includes it). */
  async ready(stamp: string, forms: () => Iterable<string>, change?: MatcherChange): Promise<void> {
    if (this.built === stamp && this.worker) return;
    const seq = await this.request(stamp, forms, change);
    if (this.builtSeq >= seq && this.worker) return;
    await new Promise<void>((resolve, reject) => this.waiters.push({ seq, resolve, reject }));
  }

  /** The dictionary words (normalized) found in `text` (normalized), by the automaton the worker has now. */
  match(text: string): Promise<{ stamp: string; hits: string[] }> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.matches.set(id, { resolve, reject });
      this.post({ type: 'match', id, text });
    });
  }

  /** Stops the worker (tests). */
  async stop() {
    const worker = this.worker;
    this.reset();
    await worker?.terminate();
  }
}

const KEY = Symbol.for('cms.dictionaryMatcher');
type GlobalWithMatcher = typeof globalThis & { [KEY]?: MatcherThread };

/** The process's matcher thread (on `globalThis`: Next's separate module copies share it). */
export function matcherThread(): MatcherThread {
  const g = globalThis as GlobalWithMatcher;
  return (g[KEY] ??= new MatcherThread());
}

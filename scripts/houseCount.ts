/**
 * `npm run house:count`: the figures that say whether the code's layout holds, counted from the
 * imports of src/ as they stand (tests, fixtures and generated files left out, as they are no part of
 * the layout):
 *
 * - upward imports in src/server: imports between rooms of the server that import each other round a
 *   loop (a room is a file or folder directly under src/server, under src/server/platform or under
 *   src/server/modules), so no room can stand above all it imports;
 * - circles in src/server and src/client: files that import each other round a loop (`import()` too);
 * - server files that import src/client;
 * - Kysely handles typed `any`: database handles whose tables the type checker does not know;
 * - client components (.tsx) over 250 lines.
 *
 * Each figure has its goal; those in HELD have reached it and the command exits 1 while one of them
 * is off it (scripts/houseCount.test.ts runs it with the tests).
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Figure {
  name: string;
  value: number;
  goal: number;
  /** What makes up the figure, one line each, printed under it. */
  items: string[];
}

/** The figures at their goal that must stay there. */
export const HELD = new Set([
  'server files importing src/client',
  'client circles',
  'upward imports in src/server',
  'server circles',
  ['Kysely', '<any>'].join(''),
]);

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const LEFT_OUT = /(\.test\.tsx?|\.fixture\.ts|\.e2e\.ts|\.d\.ts)$|\/(__fixtures__|__snapshots__|generated)\//;

/** The source files of a folder, relative to root, tests, fixtures and generated files left out. */
export function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(path.join(root, d), { withFileTypes: true })) {
      const rel = `${d}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (SOURCE.test(e.name) && !LEFT_OUT.test(rel)) out.push(rel);
    }
  };
  if (fs.existsSync(path.join(root, dir))) walk(dir);
  return out.sort();
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** The files of the tree a file imports (relative specifiers only; `.js` names its `.ts`/`.tsx`). */
export function importsOf(root: string, file: string): string[] {
  const text = fs
    .readFileSync(path.join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const out = new Set<string>();
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (!spec?.startsWith('.')) continue;
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    const stem = base.replace(/\.(js|jsx|mjs)$/, '');
    const found = [base, `${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
      (f) => SOURCE.test(f) && fs.existsSync(path.join(root, f)) && fs.statSync(path.join(root, f)).isFile(),
    );
    if (found) out.add(found);
  }
  return [...out];
}

type Graph = Map<string, string[]>;

/** The strongly connected parts of a graph with more than one node (Tarjan). */
export function loops(graph: Graph): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) !== idx.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      on.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1) out.push(part.sort());
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

function fileGraph(root: string, files: string[]): Graph {
  const inside = new Set(files);
  return new Map(files.map((f) => [f, importsOf(root, f).filter((t) => inside.has(t))]));
}

/** The room of a server file: a file or folder directly under src/server or src/server/platform. */
export function roomOf(file: string): string {
  const parts = file.split('/');
  return parts.slice(0, parts[2] === 'platform' ? 4 : 3).join('/');
}

/**
 * The arrows between rooms that run back up: the rooms are laid in floors, each above what it imports
 * as far as the loops allow (greedy, Eades-Lin-Smyth: the lightest arrows are the ones left pointing
 * up), and an arrow from a room to one laid above it is counted once, whatever number of imports
 * make it.
 */
export function upwardArrows(arrows: Map<string, Map<string, number>>): [string, string][] {
  const nodes = new Set<string>();
  for (const [a, to] of arrows) {
    nodes.add(a);
    for (const b of to.keys()) nodes.add(b);
  }
  const weight = (a: string, b: string) => arrows.get(a)?.get(b) ?? 0;
  const left = new Set(nodes);
  const top: string[] = [];
  const bottom: string[] = [];
  const outOf = (v: string) => [...left].reduce((n, w) => n + (w !== v ? weight(v, w) : 0), 0);
  const into = (v: string) => [...left].reduce((n, w) => n + (w !== v ? weight(w, v) : 0), 0);
  while (left.size) {
    let moved = true;
    while (moved) {
      moved = false;
      for (const v of [...left].sort()) {
        const end = outOf(v) === 0 ? bottom : into(v) === 0 ? top : undefined;
        if (!end) continue;
        if (end === bottom) bottom.unshift(v);
        else top.push(v);
        left.delete(v);
        moved = true;
      }
    }
    if (!left.size) break;
    const pick = [...left].sort().reduce((best, v) => (outOf(v) - into(v) > outOf(best) - into(best) ? v : best));
    top.push(pick);
    left.delete(pick);
  }
  const floor = new Map([...top, ...bottom].map((v, i) => [v, i]));
  const up: [string, string][] = [];
  for (const [a, to] of arrows) for (const b of to.keys()) if (floor.get(a)! > floor.get(b)!) up.push([a, b]);
  return up.sort();
}

export function countHouse(root = '.'): Figure[] {
  const server = sourceFiles(root, 'src/server');
  const client = sourceFiles(root, 'src/client');
  const serverGraph = fileGraph(root, server);
  const clientGraph = fileGraph(root, client);

  const arrows = new Map<string, Map<string, number>>();
  const crossings: [string, string][] = [];
  for (const [f, targets] of serverGraph)
    for (const t of targets) {
      const [a, b] = [roomOf(f), roomOf(t)];
      if (a === b) continue;
      crossings.push([f, t]);
      const to = arrows.get(a) ?? new Map<string, number>();
      to.set(b, (to.get(b) ?? 0) + 1);
      arrows.set(a, to);
    }
  const upward = upwardArrows(arrows).map(
    ([a, b]) =>
      `${a} -> ${b}: ${crossings
        .filter(([f, t]) => roomOf(f) === a && roomOf(t) === b)
        .map(([f, t]) => `${f.slice(a.length + 1) || f} -> ${t}`)
        .join(', ')}`,
  );

  const toClient = server.flatMap((f) =>
    importsOf(root, f)
      .filter((t) => t.startsWith('src/client/'))
      .map((t) => `${f} -> ${t}`),
  );
  const anyHandle = ['Kysely', '<any>'].join('');
  const kyselyAny = [...server, ...sourceFiles(root, 'src/shared'), ...sourceFiles(root, 'scripts')].flatMap((f) =>
    fs
      .readFileSync(path.join(root, f), 'utf8')
      .split('\n')
      .flatMap((line, i) => (line.includes(anyHandle) ? [`${f}:${i + 1}`] : [])),
  );
  const big = client
    .filter((f) => f.endsWith('.tsx'))
    .map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8').split('\n').length - 1] as const)
    .filter(([, n]) => n > 250)
    .map(([f, n]) => `${f} ${n}`);

  return [
    {
      name: 'upward imports in src/server',
      value: upward.length,
      goal: 0,
      items: upward,
    },
    {
      name: 'server circles',
      value: loops(serverGraph).length,
      goal: 0,
      items: loops(serverGraph).map((p) => p.join(' ')),
    },
    { name: 'server files importing src/client', value: toClient.length, goal: 0, items: toClient },
    {
      name: 'client circles',
      value: loops(clientGraph).length,
      goal: 0,
      items: loops(clientGraph).map((p) => p.join(' ')),
    },
    // One: EntityDb in platform/db/tables.ts, for the entity tables named and shaped by schemas at run time.
    { name: anyHandle, value: kyselyAny.length, goal: 1, items: kyselyAny },
    { name: 'client components over 250 lines', value: big.length, goal: 0, items: big },
  ];
}

/** The figures as the command prints them, and whether a held one is off its goal. */
export function report(figures: Figure[], verbose: boolean): { text: string; failed: boolean } {
  const lines: string[] = [];
  let failed = false;
  for (const f of figures) {
    const off = f.value > f.goal;
    const held = HELD.has(f.name);
    if (off && held) failed = true;
    const mark = !off ? 'at goal' : held ? 'OFF GOAL (held)' : 'not yet';
    lines.push(`${f.name}: ${f.value} (goal ${f.goal === 0 ? '0' : `<= ${f.goal}`}, ${mark})`);
    if (verbose || (off && held)) for (const i of f.items) lines.push(`  ${i}`);
  }
  return { text: lines.join('\n'), failed };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/houseCount.ts')) {
  const { text, failed } = report(countHouse(), process.argv.includes('--list'));
  console.log(text);
  if (failed) process.exitCode = 1;
}

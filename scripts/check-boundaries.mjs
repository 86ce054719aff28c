// `npm run lint:deps`: the boundaries of issue 11, checked on every `npm test`.
//
// One dependency-cruiser pass over the server, the web app and the contract applies the rules of
// .dependency-cruiser.cjs (another module's tables, the ledger importing modules, a web feature
// importing another, file-level cycles). The same graph, collapsed to server modules (the folders
// under apps/server/src/modules), must then have no cycle: dependency-cruiser's `circular` rule sees
// only cycles of files, and two modules can depend on each other through files that form none.
//
// Module edges are direct imports (`import type` included) from one module's file to another's.
// Test code (*.test.ts, *.pg-test.ts, *.redis-test.ts, *.test-support.ts, *.bench.ts) is left out of
// the module graph: tests arrange data across modules and are not what the app is built from.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONFIG = '.dependency-cruiser.cjs';
const SOURCES = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];
const MODULE_OF = /^apps\/server\/src\/modules\/([^/]+)\//;
const TEST_CODE = /\.(test|pg-test|redis-test|test-support|bench)\.ts$/;

const started = performance.now();
process.chdir(ROOT);
const options = await extractDepcruiseOptions(path.join(ROOT, CONFIG));
const tsConfig = options.tsConfig?.fileName ? extractTSConfig(options.tsConfig.fileName) : undefined;
const { output } = await cruise(SOURCES, options, {}, { tsConfig });
const result = typeof output === 'string' ? JSON.parse(output) : output;

const problems = [];

// 1. The rules of .dependency-cruiser.cjs.
const comments = new Map((options.ruleSet.forbidden ?? []).map((rule) => [rule.name, rule.comment]));
const violations = result.summary.violations.filter((v) => v.rule.severity === 'error');
const byRule = new Map();
for (const v of violations) byRule.set(v.rule.name, [...(byRule.get(v.rule.name) ?? []), v]);
for (const [rule, list] of byRule) {
  const lines = list.map((v) => {
    const cycle = v.cycle?.length ? `\n      cycle: ${[v.from, ...v.cycle.map((c) => c.name ?? c)].join(' → ')}` : '';
    return `    ${v.from} → ${v.to}${cycle}`;
  });
  problems.push(`  ${rule} (${list.length}):\n${lines.join('\n')}\n    Why: ${comments.get(rule) ?? ''}`);
}

// 2. Cycles between server modules.
/** module → module → the file imports that make that edge */
const edges = new Map();
for (const file of result.modules) {
  const from = MODULE_OF.exec(file.source)?.[1];
  if (!from || TEST_CODE.test(file.source)) continue;
  for (const dependency of file.dependencies) {
    const to = MODULE_OF.exec(dependency.resolved)?.[1];
    if (!to || to === from || TEST_CODE.test(dependency.resolved)) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const targets = edges.get(from);
    if (!targets.has(to)) targets.set(to, []);
    targets.get(to).push(`${file.source} → ${dependency.resolved}`);
  }
}
const cycles = stronglyConnected(edges).filter((group) => group.length > 1);
for (const group of cycles) {
  const members = new Set(group);
  const lines = [];
  for (const from of group.toSorted()) {
    for (const [to, imports] of [...(edges.get(from) ?? [])].toSorted(([a], [b]) => a.localeCompare(b))) {
      if (!members.has(to)) continue;
      lines.push(`    ${from} → ${to}:`, ...imports.map((line) => `      ${line}`));
    }
  }
  problems.push(
    `  module cycle: ${shortestCycle(edges, members).join(' → ')}\n${lines.join('\n')}\n` +
      '    Why: server modules depend on each other one way only. Keep one direction; the other goes through a ' +
      'function the app wires in (app.ts) or an event.',
  );
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
const { totalCruised, totalDependenciesCruised } = result.summary;
if (problems.length > 0) {
  console.error(
    `✖ lint:deps: the boundaries of the code are broken (rules in ${CONFIG}, module cycles in scripts/check-boundaries.mjs):\n`,
  );
  console.error(problems.join('\n\n'));
  console.error(
    `\n✖ ${violations.length} forbidden import(s), ${cycles.length} module cycle(s); ${totalCruised} files, ${totalDependenciesCruised} imports, ${seconds} s.`,
  );
  process.exit(1);
}
console.log(
  `✔ lint:deps: no forbidden import, no file or module cycle (${totalCruised} files, ${totalDependenciesCruised} imports, ${edges.size} server modules importing others, ${seconds} s).`,
);

/** Tarjan's strongly connected components of the module graph. */
function stronglyConnected(graph) {
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((targets) => [...targets.keys()])]);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node)?.keys() ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      groups.push(group);
    }
  };
  for (const node of [...nodes].toSorted()) if (!index.has(node)) visit(node);
  return groups;
}

/** One shortest cycle through the first (alphabetical) module of a strongly connected group, for the headline. */
function shortestCycle(graph, members) {
  const start = [...members].toSorted()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node)?.keys() ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const pathBack = [node];
        while (previous.get(pathBack[0]) !== null) pathBack.unshift(previous.get(pathBack[0]));
        return [...pathBack, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [...members];
}

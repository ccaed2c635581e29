// No import circles in web/src (issue 44): every relative `import` and `export ... from`
// counts, `import type` too, so that a module's place in the order stays plain even where
// only a type crosses (a type-only import makes no circle at run time, but it ties the two
// files together all the same).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = fileURLToPath(new URL('../../src/', import.meta.url));

function typescriptFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return typescriptFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

// The modules a file imports from web/src itself (packages and stylesheets are left out).
function localImportsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  const imports: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), specifier.text);
    if (/\.[a-z]+$/.test(target) && !target.endsWith('.ts')) continue;
    imports.push(target.endsWith('.ts') ? target : `${target}.ts`);
  }
  return imports;
}

// The circles a depth-first walk meets, each as the path that closes it (a -> b -> a): an
// import of a module still on the walk's path closes one. A graph with any circle has at
// least one found.
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (node: string) => {
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      const onTrail = trail.indexOf(next);
      if (onTrail >= 0) cycles.push([...trail.slice(onTrail), next]);
      else if (!done.has(next)) visit(next);
    }
    trail.pop();
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) if (!done.has(node)) visit(node);
  return cycles;
}

test('the walk finds a circle and names its modules in order', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a', 'd']],
    ['d', []],
  ]);
  assert.deepEqual(findCycles(graph), [['a', 'b', 'c', 'a']]);
  assert.deepEqual(findCycles(new Map([['a', ['a']]])), [['a', 'a']]);
  assert.deepEqual(
    findCycles(
      new Map([
        ['a', ['b']],
        ['b', []],
      ]),
    ),
    [],
  );
});

test('no module of web/src imports itself through others', () => {
  const files = typescriptFiles(SOURCE);
  assert.ok(files.length > 20, `only ${files.length} files found under ${SOURCE}`);
  const graph = new Map(files.map((file) => [file, localImportsOf(file)]));
  for (const [file, imports] of graph) {
    for (const target of imports) assert.ok(graph.has(target), `${path.relative(SOURCE, file)} imports ${target}, which is not there`);
  }
  const cycles = findCycles(graph).map((cycle) => cycle.map((file) => path.relative(SOURCE, file)).join(' -> '));
  assert.deepEqual(cycles, [], `import circles in web/src:\n${cycles.join('\n')}`);
});

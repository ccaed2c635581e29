// Lets node run the web's TypeScript as it is, for node --test: each .ts module is turned
// into JavaScript by the web's own compiler (types dropped, not checked: `npm run typecheck`
// does that), and imports written without an extension, as Vite allows, find their .ts file.
import { readFile } from 'node:fs/promises';
import { createRequire, register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

// Loaded in the hooks' thread only, on the first .ts module.
let ts;

if (isMainThread) register(import.meta.url);

export async function resolve(specifier, context, nextResolve) {
  const relative = specifier.startsWith('./') || specifier.startsWith('../');
  if (relative && context.parentURL?.endsWith('.ts') && !/\.[cm]?[jt]s$/.test(specifier)) {
    return nextResolve(`${specifier}.ts`, context);
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  ts ??= createRequire(import.meta.url)('typescript');
  const source = await readFile(new URL(url), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    fileName: url,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}

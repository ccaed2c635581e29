// Where a browser test saves a screenshot that the README shows. Into docs/ only when asked
// (EVOCHESS_UPDATE_DOCS=1), so that running the tests leaves the work tree as it was; else
// into a temporary folder, whose path the test prints, to look at.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const updateDocs = process.env.EVOCHESS_UPDATE_DOCS === '1';
let folder;

// The path for docs/<file>.
export function docsScreenshot(file) {
  if (updateDocs) return path.join(repo, 'docs', file);
  if (!folder) {
    folder = mkdtempSync(path.join(tmpdir(), 'evochess-docs-screenshots-'));
    console.log(`# README screenshots in ${folder} (EVOCHESS_UPDATE_DOCS=1 writes them to docs/)`);
  }
  return path.join(folder, file);
}

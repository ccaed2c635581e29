// The public rule cases of tests/data (as tests/core/rules_cases_test.cpp reads them).
import { readFileSync } from 'node:fs';

const data = process.env.EVOCHESS_TEST_DATA ?? new URL('../../tests/data', import.meta.url).pathname;

export const cases = readFileSync(`${data}/rules-cases.jsonl`, 'utf8')
  .split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line));

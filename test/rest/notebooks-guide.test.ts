/**
 * The notebook quickstart (rest/docs/guides/notebooks.md) runs as written: its Python block under
 * Debian's python3 with pandas, its JavaScript block under node, both against a real server.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/paths';
import { KEYS, startTestServer, type TestServer } from '../helpers/server';
import { systemPython } from '../helpers/system';

const run = promisify(execFile);
const GUIDE = path.join(PROJECT_ROOT, 'rest/docs/guides/notebooks.md');
const MARK = '@@TABLE@@';

function codeBlock(lang: string): string {
  const blocks = [...fs.readFileSync(GUIDE, 'utf8').matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].filter((m) => m[1] === lang);
  expect(blocks, `one ${lang} block`).toHaveLength(1);
  return blocks[0][2];
}

interface Row {
  country: string;
  period: string;
  value: number | null;
  unit: string;
}

let s: TestServer;
let expected: Map<string, number>;
beforeAll(async () => {
  s = await startTestServer();
  // The same figures read independently: the published values (thousands) times the multiplier.
  const { body } = await s.graphql(
    '{ series(filter: { country: ["ES", "US"], measure: arrivals, breakdown: "total", freq: A }) { nodes { countryIso multiplier observations(from: "2019", to: "2019") { value } } } }',
  );
  expected = new Map(body.data.series.nodes.map((n: any) => [n.countryIso, n.observations[0].value * n.multiplier]));
});
afterAll(async () => s?.close());

async function tableFrom(file: string, args: string[], code: string, epilogue: string): Promise<Row[]> {
  const { stdout } = await run(file, [...args, code + epilogue], {
    env: { ...process.env, TOURISM_API_URL: s.url, TOURISM_API_KEY: KEYS.developer },
    timeout: 120_000,
    maxBuffer: 20_000_000,
  });
  return JSON.parse(stdout.slice(stdout.indexOf(MARK) + MARK.length));
}

function checkTable(rows: Row[]): void {
  expect(Object.keys(rows[0])).toEqual(['country', 'period', 'value', 'unit']);
  expect(new Set(rows.map((r) => r.country))).toEqual(new Set(['ES', 'FR', 'IT', 'JP', 'US']));
  expect(rows.every((r) => r.unit === 'arrivals' && r.period >= '2015')).toBe(true);
  for (const [country, value] of expected) {
    expect(rows.find((r) => r.country === country && r.period === '2019')?.value).toBe(value);
  }
}

describe('notebook quickstart', () => {
  let python: Row[];
  it('Python: requests + pandas give a tidy table of country, period, value and unit', async () => {
    // Debian's interpreter, where python3-pandas is installed, even when another python3 is first on PATH.
    python = await tableFrom(await systemPython(['pandas', 'requests']), ['-c'], codeBlock('python'), `\nprint(${JSON.stringify(MARK)})\nprint(df.to_json(orient="records"))\n`);
    checkTable(python);
  });

  it('JavaScript: fetch gives the same table', async () => {
    const rows = await tableFrom(process.execPath, ['--input-type=module', '-e'], codeBlock('javascript'), `\nconsole.log(${JSON.stringify(MARK)} + JSON.stringify(rows));\n`);
    checkTable(rows);
    expect(rows).toEqual(python);
  });
});

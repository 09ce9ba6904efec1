import fs from 'node:fs';
import { expect, it } from 'vitest';
import { SDL_FILE } from '../../src/cli/print-schema';
import { printedSchema } from '../../src/graphql/schema';

it('schema/schema.graphql is the schema the code builds (run `npm run schema:print` after a change)', () => {
  expect(fs.readFileSync(SDL_FILE, 'utf8')).toBe(printedSchema());
});

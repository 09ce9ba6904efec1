/** Writes schema/schema.graphql from the code (the checked-in SDL the codegen and the drift test read). */
import fs from 'node:fs';
import path from 'node:path';
import { printedSchema } from '../graphql/schema';
import { PROJECT_ROOT } from '../project-root';

export const SDL_FILE = path.join(PROJECT_ROOT, 'schema/schema.graphql');

export function printSchemaFile(): void {
  fs.writeFileSync(SDL_FILE, printedSchema());
}

/** Writes schema/schema.graphql from the code (the checked-in SDL the codegen and the drift test read). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printedSchema } from '../graphql/schema';

export const SDL_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema/schema.graphql');

export function printSchemaFile(): void {
  fs.writeFileSync(SDL_FILE, printedSchema());
}

/**
 * Writes src/generated/route-schemas.ts: the JSON Schema of each /v1 route's `data` and `meta`,
 * read by the TypeScript compiler from the return type of the route's `shape` (itself typed by the
 * generated operation results), the error codes its shaping can throw, and its tag (the routes
 * module it is defined in). Also the schemas of the envelope's own meta and of the error body.
 * Nothing is typed twice: a field's name and type live in the code that builds the answer.
 * Run by graphql-codegen after it writes the operation types (codegen.ts), or by hand:
 * `node --import tsx rest/shape-schemas.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { GeneratedRoute, JsonSchema, RouteSchemas } from './route-schemas';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'src/generated/route-schemas.ts');
/** Named schemas: an exported interface in a file, by name. */
const NAMED = [
  { name: 'EnvelopeMeta', file: 'rest/route.ts' },
  { name: 'ErrorBody', file: 'src/errors.ts' },
];

function program(): ts.Program {
  const configFile = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
  return ts.createProgram([path.join(ROOT, 'rest/routes/index.ts'), ...NAMED.map((n) => path.join(ROOT, n.file))], options);
}

/** JSON Schema of a type as JSON.stringify writes its values (undefined members: the field is left out). */
function schemaOf(checker: ts.TypeChecker, type: ts.Type, stack: ts.Type[] = []): JsonSchema {
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
  if (type.flags & ts.TypeFlags.StringLiteral) return { type: 'string', enum: [(type as ts.StringLiteralType).value] };
  if (type.flags & ts.TypeFlags.NumberLiteral) return { type: 'number', enum: [(type as ts.NumberLiteralType).value] };
  if (type.flags & ts.TypeFlags.BooleanLiteral) return { type: 'boolean' };
  if (type.flags & ts.TypeFlags.String) return { type: 'string' };
  if (type.flags & ts.TypeFlags.Number) return { type: 'number' };
  if (type.flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
  if (type.flags & ts.TypeFlags.Null) return { type: 'null' };
  if (type.isUnion()) return unionSchema(checker, type.types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void))), stack);
  if (stack.includes(type)) throw new Error(`recursive type ${checker.typeToString(type)}`);
  const inner = [...stack, type];
  if (checker.isTupleType(type)) {
    const items = checker.getTypeArguments(type as ts.TypeReference).map((t) => schemaOf(checker, t, inner));
    return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
  }
  if (checker.isArrayType(type)) {
    const item = checker.getTypeArguments(type as ts.TypeReference)[0];
    // `[]` in one branch of a shape: an array that is always empty.
    return item.flags & ts.TypeFlags.Never ? { type: 'array', maxItems: 0 } : { type: 'array', items: schemaOf(checker, item, inner) };
  }
  // An intersection (`Object.assign(a, b)`) is one object with a's fields, then b's.
  if (type.flags & ts.TypeFlags.Object || type.isIntersection()) {
    if (type.getCallSignatures().length) throw new Error(`a function in an answer: ${checker.typeToString(type)}`);
    const props = checker.getPropertiesOfType(type);
    const index = checker.getIndexInfosOfType(type).find((i) => i.keyType.flags & ts.TypeFlags.String);
    // `{}` (what `unknown ?? null` leaves) is any value but null.
    if (!props.length && !index) return {};
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const prop of props) {
      const propType = checker.getTypeOfSymbol(prop);
      const mayBeAbsent = (prop.flags & ts.SymbolFlags.Optional) !== 0 || (propType.isUnion() && propType.types.some((t) => t.flags & ts.TypeFlags.Undefined));
      if (propType.flags & ts.TypeFlags.Undefined) continue;
      properties[prop.name] = { ...schemaOf(checker, propType, inner), ...docOf(checker, prop) };
      if (!mayBeAbsent) required.push(prop.name);
    }
    return {
      type: 'object',
      ...(Object.keys(properties).length ? { properties } : {}),
      ...(required.length ? { required } : {}),
      additionalProperties: index ? schemaOf(checker, index.type, inner) : false,
    };
  }
  throw new Error(`no JSON Schema for ${checker.typeToString(type)}`);
}

/** true | false is boolean; literals of one kind become one enum; plain types one `type` list. */
function unionSchema(checker: ts.TypeChecker, members: ts.Type[], stack: ts.Type[]): JsonSchema {
  const schemas = members.map((t) => schemaOf(checker, t, stack));
  const unique = [...new Map(schemas.map((s) => [JSON.stringify(s), s])).values()];
  if (unique.length === 1) return unique[0];
  if (unique.some((s) => Object.keys(s).length === 0)) return {};
  const simple = unique.every((s) => Object.keys(s).every((k) => k === 'type' || k === 'enum'));
  if (!simple) return { anyOf: unique };
  const types = [...new Set(unique.map((s) => s.type as string))];
  const enumOf = (t: string) => unique.filter((s) => s.type === t);
  const hasEnums = unique.some((s) => s.enum);
  // A literal and its whole type (e.g. 'A' | string) is the whole type.
  const enums = hasEnums && types.every((t) => t === 'null' || enumOf(t).every((s) => s.enum)) ? unique.flatMap((s) => (s.enum as unknown[]) ?? [null]) : null;
  return { type: types.length === 1 ? types[0] : types, ...(enums ? { enum: enums } : {}) };
}

/** A property's doc comment, and @format / @pattern tags, as schema keywords. */
function docOf(checker: ts.TypeChecker, prop: ts.Symbol): JsonSchema {
  const out: JsonSchema = {};
  const description = ts.displayPartsToString(prop.getDocumentationComment(checker)).trim();
  if (description) out.description = description;
  for (const tag of prop.getJsDocTags(checker)) {
    if (tag.name === 'format' || tag.name === 'pattern') out[tag.name] = ts.displayPartsToString(tag.text).trim();
  }
  return out;
}

/** The types of property `name` in each member of a (union) type, where present. */
function propertyTypes(checker: ts.TypeChecker, type: ts.Type, name: string): { types: ts.Type[]; inAll: boolean } {
  const members = type.isUnion() ? type.types : [type];
  let inAll = true;
  const types = members.flatMap((m) => {
    const prop = m.getProperty(name);
    if (!prop || prop.flags & ts.SymbolFlags.Optional) inAll = false;
    if (!prop) return [];
    const t = checker.getTypeOfSymbol(prop);
    return t.isUnion() ? t.types.filter((u) => !(u.flags & ts.TypeFlags.Undefined)) : [t];
  });
  return { types, inAll };
}

/** One object schema with every member's properties; required only where every member requires it. */
function mergeObjects(schemas: JsonSchema[], inAll: boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const s of schemas) Object.assign(properties, s.properties ?? {});
  const required = Object.keys(properties).filter((k) => inAll && schemas.every((s) => ((s.required as string[]) ?? []).includes(k)));
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

/**
 * Error codes thrown by `new ApiError('code', …)` in a function or the project functions it calls
 * (in rest/, and the errors src/errors.ts words once, such as notFound.country).
 */
function errorCodes(checker: ts.TypeChecker, node: ts.Node, seen = new Set<ts.Node>(), out = new Set<string>()): Set<string> {
  const visit = (n: ts.Node): void => {
    if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'ApiError') {
      const first = n.arguments?.[0];
      if (first && ts.isStringLiteral(first)) out.add(first.text);
    }
    if (ts.isCallExpression(n)) {
      let symbol = checker.getSymbolAtLocation(n.expression);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      for (const decl of symbol?.declarations ?? []) {
        const file = decl.getSourceFile().fileName;
        if (!(file.startsWith(path.join(ROOT, 'rest')) || file === path.join(ROOT, 'src/errors.ts')) || seen.has(decl)) continue;
        seen.add(decl);
        if (ts.isFunctionDeclaration(decl) && decl.body) errorCodes(checker, decl.body, seen, out);
        if (ts.isPropertyAssignment(decl) && ts.isArrowFunction(decl.initializer)) errorCodes(checker, decl.initializer.body, seen, out);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return out;
}

/**
 * The paths a defineRoute call serves: its literal `path`, or, in a function that makes routes
 * (`measureRoute('arrivals', '/v1/arrivals', …)`), the literal passed for that parameter at each call.
 */
function pathsOf(obj: ts.ObjectLiteralExpression): string[] {
  const p = obj.properties.find(
    (q): q is ts.PropertyAssignment | ts.ShorthandPropertyAssignment =>
      (ts.isPropertyAssignment(q) || ts.isShorthandPropertyAssignment(q)) && q.name.getText() === 'path',
  );
  if (p && ts.isPropertyAssignment(p) && ts.isStringLiteralLike(p.initializer)) return [p.initializer.text];
  const name = !p ? null : ts.isShorthandPropertyAssignment(p) ? p.name.text : ts.isIdentifier(p.initializer) ? p.initializer.text : null;
  let fn: ts.Node = obj;
  while (!ts.isFunctionDeclaration(fn) && fn.parent) fn = fn.parent;
  if (!name || !ts.isFunctionDeclaration(fn) || !fn.name) return [];
  const index = fn.parameters.findIndex((q) => q.name.getText() === name);
  const maker = fn.name.text;
  const paths: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === maker) {
      const arg = n.arguments[index];
      if (arg && ts.isStringLiteralLike(arg)) paths.push(arg.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(obj.getSourceFile());
  return paths;
}

export function generate(): RouteSchemas {
  const prog = program();
  const checker = prog.getTypeChecker();
  const routes: Record<string, GeneratedRoute> = {};
  const tags: Record<string, string> = {};
  for (const file of prog.getSourceFiles()) {
    if (!file.fileName.startsWith(path.join(ROOT, 'rest/routes/'))) continue;
    const tag = path.basename(file.fileName, '.ts');
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'defineRoute' && n.arguments[0] && ts.isObjectLiteralExpression(n.arguments[0])) {
        const obj = n.arguments[0];
        const paths = pathsOf(obj);
        const shape = obj.properties.find((q): q is ts.PropertyAssignment => ts.isPropertyAssignment(q) && q.name.getText() === 'shape');
        if (!paths.length || !shape) throw new Error(`${file.fileName}: a defineRoute whose path or shape is not found`);
        const routePath = paths.join(', ');
        const signature = checker.getTypeAtLocation(shape.initializer).getCallSignatures()[0];
        const returned = checker.getAwaitedType(signature.getReturnType()) ?? signature.getReturnType();
        const data = propertyTypes(checker, returned, 'data');
        const meta = propertyTypes(checker, returned, 'meta');
        const at = (t: ts.Type) => {
          try {
            return schemaOf(checker, t);
          } catch (e) {
            throw new Error(`${routePath}: ${(e as Error).message}`);
          }
        };
        // An always-empty array beside another array adds nothing: the other allows it.
        const arrays = data.types.map(at);
        const dataSchemas = arrays.filter((d) => d.maxItems !== 0 || !arrays.some((o) => o.type === 'array' && o.items));
        const metaSchemas = meta.types.map(at);
        const codes = new Set<string>();
        for (const p of obj.properties) if (ts.isPropertyAssignment(p)) errorCodes(checker, p.initializer, new Set(), codes);
        for (const each of paths) {
          routes[each] = {
            tag,
            data: dataSchemas.length === 1 ? dataSchemas[0] : { anyOf: dataSchemas },
            meta: metaSchemas.length ? mergeObjects(metaSchemas, meta.inAll) : null,
            errors: [...codes].sort(),
          };
        }
        tags[tag] ??= leadingDoc(file);
      }
      ts.forEachChild(n, visit);
    };
    visit(file);
  }
  const named: Record<string, JsonSchema> = {};
  for (const { name, file } of NAMED) {
    const source = prog.getSourceFile(path.join(ROOT, file))!;
    const decl = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name);
    if (!decl) throw new Error(`${file} has no interface ${name}`);
    named[name] = schemaOf(checker, checker.getTypeAtLocation(decl));
  }
  return { routes, tags, named };
}

/** The module's opening doc comment, its first sentence. */
function leadingDoc(file: ts.SourceFile): string {
  const m = /^\/\*\*\s*([\s\S]*?)\*\//.exec(file.getFullText().trimStart());
  return m ? m[1].replace(/\n\s*\*\s?/g, ' ').trim() : '';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { routes, tags, named } = generate();
  const text = `// Generated by rest/shape-schemas.ts from the route shapes: do not edit.
import type { RouteSchemas } from '../../rest/route-schemas';

export const ROUTE_SCHEMAS: RouteSchemas = ${JSON.stringify({ routes, tags, named }, null, 2)};
`;
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, text);
  console.log(`route schemas: ${Object.keys(routes).length} routes -> ${path.relative(ROOT, OUT)}`);
}

/**
 * Finds the maps of src/ and rest/ that outlive the call that made them, which is what a cache is:
 * a Map, WeakMap or LRUCache made at a module's top level, as a class's field (or `this.x =`), as a
 * property of an object, or inside a function whose returned function or object uses it; and every
 * `perRelease` call, whose key names a value kept for the life of a release. A map made and used
 * within one call is left out. Each is named `file: name` (the variable, field or property; for
 * `perRelease`, `perRelease('key')` with the key's text up to its first `${`).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { PROJECT_ROOT, projectFiles } from './paths';

export interface LongLivedMap {
  file: string;
  name: string;
  line: number;
}

/** Browser code (its own page's life), generated code and the benchmarks are not the service's. */
const LEFT_OUT = /^src\/(explorer-ui|generated|bench)\//;

const sources = (dir: string): string[] => projectFiles(dir).filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'));

/** Whether `node` makes a map: `new Map(…)`, `new WeakMap(…)`, `new LRUCache(…)`, or either branch of a `? :` or `??`. */
function isMapMade(node: ts.Node | undefined): boolean {
  if (!node) return false;
  if (ts.isParenthesizedExpression(node)) return isMapMade(node.expression);
  if (ts.isConditionalExpression(node)) return isMapMade(node.whenTrue) || isMapMade(node.whenFalse);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) return isMapMade(node.left) || isMapMade(node.right);
  return ts.isNewExpression(node) && /^(Map|WeakMap|LRUCache)$/.test(node.expression.getText());
}

const isFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node) || ts.isGetAccessor(node);

function enclosingFunction(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  for (let up = node.parent; up; up = up.parent) if (isFunction(up)) return up;
  return undefined;
}

/** Whether `fn` is what `owner` returns: the returned value itself, or a method or property value of a returned object. */
function isReturnedBy(fn: ts.Node, owner: ts.FunctionLikeDeclaration): boolean {
  let node: ts.Node = fn;
  for (let up = fn.parent; up; node = up, up = up.parent) {
    if (ts.isParenthesizedExpression(up) || ts.isAsExpression(up) || ts.isSatisfiesExpression(up) || ts.isObjectLiteralExpression(up)) continue;
    if (ts.isPropertyAssignment(up) && up.initializer === node) continue;
    if (ts.isReturnStatement(up)) return enclosingFunction(up) === owner;
    return up === owner && ts.isArrowFunction(owner) && owner.body === node;
  }
  return false;
}

/** Whether a use of `name` inside `owner` sits in a function that `owner` returns (so the map outlives the call). */
function escapesThroughReturn(owner: ts.FunctionLikeDeclaration, name: string): boolean {
  let escapes = false;
  const visit = (node: ts.Node): void => {
    if (escapes) return;
    if (ts.isIdentifier(node) && node.text === name) {
      for (let up: ts.Node | undefined = node.parent; up && up !== owner; up = up.parent) {
        if (isFunction(up) && isReturnedBy(up, owner)) escapes = true;
      }
    }
    ts.forEachChild(node, visit);
  };
  if (owner.body) visit(owner.body);
  return escapes;
}

function perReleaseName(call: ts.CallExpression): string {
  const key = call.arguments[1];
  let text = key ? key.getText() : '';
  if (key && (ts.isStringLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key))) text = key.text;
  else if (key && ts.isTemplateExpression(key)) text = key.head.text;
  else if (key && ts.isIdentifier(key)) return `perRelease(${key.text})`;
  return `perRelease('${text}')`;
}

export function longLivedMaps(): LongLivedMap[] {
  const found: LongLivedMap[] = [];
  for (const file of [...sources('src'), ...sources('rest')]) {
    if (LEFT_OUT.test(file)) continue;
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const add = (name: string, node: ts.Node) => found.push({ file, name, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.getText() === 'perRelease') add(perReleaseName(node), node);
      if (ts.isVariableDeclaration(node) && isMapMade(node.initializer) && ts.isIdentifier(node.name)) {
        const owner = enclosingFunction(node);
        if (!owner || escapesThroughReturn(owner, node.name.text)) add(node.name.text, node);
      }
      if (ts.isPropertyDeclaration(node) && isMapMade(node.initializer)) add(node.name.getText(), node);
      if (ts.isPropertyAssignment(node) && isMapMade(node.initializer)) add(node.name.getText(), node);
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && isMapMade(node.right) && ts.isPropertyAccessExpression(node.left) && node.left.expression.kind === ts.SyntaxKind.ThisKeyword) {
        add(node.left.name.text, node);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

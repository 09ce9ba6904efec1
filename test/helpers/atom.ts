/** Reads an Atom feed as a feed reader would, failing on any XML that is not well-formed. */
import { Parser } from 'saxen';

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/**
 * The document's root element. Throws on a parse error or warning, on a close tag that does not match
 * the open one, on an element left open, on text outside the root and on more than one root.
 */
export function parseXml(xml: string): XmlElement {
  if (!xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')) throw new Error('no XML declaration');
  const stack: XmlElement[] = [];
  const roots: XmlElement[] = [];
  const parser = new Parser();
  parser.on('openTag', (name, attrs, _decode, selfClosing) => {
    const el: XmlElement = { name, attrs: attrs(), children: [], text: '' };
    if (stack.length) stack[stack.length - 1].children.push(el);
    else roots.push(el);
    if (!selfClosing) stack.push(el);
  });
  parser.on('closeTag', (name, _decode, selfClosing) => {
    if (selfClosing) return;
    const open = stack.pop();
    if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
  });
  parser.on('text', (text, decode) => {
    if (stack.length) stack[stack.length - 1].text += decode(text);
    else if (text.trim()) throw new Error(`text outside the root: ${text.slice(0, 40)}`);
  });
  parser.on('error', (err) => {
    throw err;
  });
  parser.on('warn', (err) => {
    throw err;
  });
  parser.parse(xml);
  if (stack.length) throw new Error(`<${stack[stack.length - 1].name}> is never closed`);
  if (roots.length !== 1) throw new Error(`${roots.length} root elements`);
  return roots[0];
}

export const childrenNamed = (el: XmlElement, name: string) => el.children.filter((c) => c.name === name);
export const childText = (el: XmlElement, name: string) => childrenNamed(el, name)[0]?.text ?? null;

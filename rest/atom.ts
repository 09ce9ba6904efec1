/**
 * Writes an Atom 1.0 feed (RFC 4287). Text is escaped for XML, and characters XML 1.0 cannot hold
 * (control characters) are dropped, so the document is always well-formed.
 */

export interface AtomLink {
  href: string;
  rel?: 'self' | 'alternate' | 'related';
  type?: string;
  title?: string;
}

export interface AtomEntry {
  /** A permanent, unique IRI: the same entry keeps it in every fetch of the feed. */
  id: string;
  title: string;
  /** ISO timestamp. */
  updated: string;
  summary: string;
  /** HTML, sent escaped as type="html". */
  contentHtml: string;
  links: AtomLink[];
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle: string;
  updated: string;
  author: string;
  links: AtomLink[];
  entries: AtomEntry[];
}

/** Escapes text for XML character data and attribute values. */
export function xmlEscape(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function link(l: AtomLink): string {
  const attrs = [`href="${xmlEscape(l.href)}"`];
  if (l.rel) attrs.push(`rel="${l.rel}"`);
  if (l.type) attrs.push(`type="${xmlEscape(l.type)}"`);
  if (l.title) attrs.push(`title="${xmlEscape(l.title)}"`);
  return `<link ${attrs.join(' ')}/>`;
}

function entry(e: AtomEntry): string {
  return [
    '  <entry>',
    `    <id>${xmlEscape(e.id)}</id>`,
    `    <title>${xmlEscape(e.title)}</title>`,
    `    <updated>${xmlEscape(e.updated)}</updated>`,
    ...e.links.map((l) => `    ${link(l)}`),
    `    <summary>${xmlEscape(e.summary)}</summary>`,
    `    <content type="html">${xmlEscape(e.contentHtml)}</content>`,
    '  </entry>',
  ].join('\n');
}

export function atomDocument(feed: AtomFeed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlEscape(feed.id)}</id>`,
    `  <title>${xmlEscape(feed.title)}</title>`,
    `  <subtitle>${xmlEscape(feed.subtitle)}</subtitle>`,
    `  <updated>${xmlEscape(feed.updated)}</updated>`,
    `  <author><name>${xmlEscape(feed.author)}</name></author>`,
    ...feed.links.map((l) => `  ${link(l)}`),
    ...feed.entries.map(entry),
    '</feed>',
    '',
  ].join('\n');
}

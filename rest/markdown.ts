/**
 * The guides in rest/docs/guides rendered by markdown-it (CommonMark with tables). Raw HTML in the
 * source shows as text (`html: false`) and links keep to http(s), absolute paths, anchors and other
 * guides, so the output is safe to serve whatever the file holds. Headings get ids (their slugs) for
 * the guides' anchors; a link to `other.md` is served as `other`. A line `<!-- insert: NAME -->`
 * takes HTML the server generates.
 */
import MarkdownIt from 'markdown-it';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const SAFE_HREF = /^(https?:\/\/|\/|#|\.\.?\/|[\w-]+(\.md)?(#[\w-]*)?$)/;

const md = new MarkdownIt({ html: false });
md.validateLink = (url) => SAFE_HREF.test(url);
md.core.ruler.push('heading_ids', (state) => {
  state.tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const text = (state.tokens[i + 1].children ?? []).map((t) => t.content).join('');
    token.attrSet('id', slugOf(text));
  });
});
md.core.ruler.push('guide_links', (state) => {
  for (const block of state.tokens) {
    for (const token of block.children ?? []) {
      const href = token.type === 'link_open' ? token.attrGet('href') : null;
      if (href) token.attrSet('href', String(href).replace(/\.md(#|$)/, '$1'));
    }
  }
});

const INSERT = /^<!-- insert: ([\w-]+) -->$/;

export function renderMarkdown(source: string, inserts: Record<string, string> = {}): string {
  const out: string[] = [];
  let chunk: string[] = [];
  const flush = () => {
    if (chunk.some((l) => l.trim())) out.push(md.render(chunk.join('\n')));
    chunk = [];
  };
  for (const line of source.replace(/\r\n/g, '\n').split('\n')) {
    const insert = INSERT.exec(line.trim());
    if (!insert) {
      chunk.push(line);
      continue;
    }
    flush();
    out.push(inserts[insert[1]] ?? '');
  }
  flush();
  return out.join('\n');
}

/** The guides' Markdown (markdown-it): the forms the guides use, anchors and guide links as served, and nothing unsafe gets through. */
import { expect, it } from 'vitest';
import { renderMarkdown } from '../../rest/markdown';

it('renders headings, lists, code, tables and links', () => {
  const rendered = renderMarkdown(
    '# Title\n\nSome `code` and **bold**, a [guide](plans.md) and [a site](https://example.org).\n\n- one\n  continued\n- two\n\n```sh\ncurl -H "X: 1" <url>\n```\n\n| a | b |\n|---|---|\n| 1 | `x|y` |\n',
  );
  // Whitespace between tags and inside text as one space: what a browser shows.
  const html = rendered.replace(/>\s+</g, '><').replace(/\s+/g, ' ');
  expect(html).toContain('<h1 id="title">Title</h1>');
  expect(html).toContain('<code>code</code> and <strong>bold</strong>, a <a href="plans">guide</a> and <a href="https://example.org">a site</a>.');
  expect(html).toContain('<ul><li>one continued</li><li>two</li></ul>');
  expect(html).toContain('<pre><code class="language-sh">curl -H &quot;X: 1&quot; &lt;url&gt; </code></pre>');
  expect(html).toContain('<th>a</th><th>b</th>');
});

it('escapes raw HTML and refuses script links; inserts only named generated HTML', () => {
  const html = renderMarkdown('<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>\n\n<!-- insert: table -->\n<!-- insert: other -->', {
    table: '<table id="t"></table>',
  });
  expect(html).not.toMatch(/<script|<img|href="javascript/);
  expect(html).toContain('&lt;script&gt;');
  expect(html).toContain('<table id="t"></table>');
});

/**
 * The explorer's one HTML page: every view (/explore, /explore/countries/{iso}, /explore/series/{id},
 * /explore/compare) is this shell, and the bundle draws the view its address names. The policy
 * below lets the page reach this origin only: its script, styles and /graphql.
 */
export const EXPLORER_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tourism statistics explorer</title>
<link rel="stylesheet" href="/explore/assets/explorer.css">
<script type="module" src="/explore/assets/explorer.js"></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <nav aria-label="Explorer"><a href="/explore" class="brand">Tourism statistics</a> <a href="/explore/compare">Compare</a> <a href="/docs">API docs</a> <a href="/graphql">GraphQL</a></nav>
  <form id="key-form" class="key-form" autocomplete="off">
    <label for="api-key">API key</label>
    <input id="api-key" name="api-key" type="password" placeholder="X-API-Key">
    <button type="submit">Use key</button>
  </form>
</header>
<main id="main" tabindex="-1"><p class="loading">Loading…</p></main>
<noscript><p>The explorer needs JavaScript. The same figures are served by <a href="/docs">the API</a>.</p></noscript>
</body>
</html>
`;

/** Same origin only: no CDN, no outside request; downloads are made as blob: and data: URLs. */
export const EXPLORER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

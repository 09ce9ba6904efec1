/** A view's state lives in its address: read with params(), changed with setParams(). */
export function params(): URLSearchParams {
  return new URLSearchParams(location.search);
}

/** Changes the query string (a value of null or '' removes the name); `push` makes a new history entry. */
export function setParams(changes: Record<string, string | null>, push = false): void {
  const url = new URL(location.href);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  if (push) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}

/** A new state of the same view: a history entry, then the view drawn again as on Back (main.ts listens). */
export function navigate(changes: Record<string, string | null>): void {
  setParams(changes, true);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

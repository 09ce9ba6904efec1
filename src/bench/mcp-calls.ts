/** The /mcp requests asked one after another while /healthz is probed (bench:event-loop and its test): a listing and each kind of tool. */
export const MCP_CALLS: readonly [string, object?][] = [
  ['tools/list'],
  ['tools/call', { name: 'search_series', arguments: { q: 'arrivals', limit: 200 } }],
  ['tools/call', { name: 'get_observations', arguments: { id: 'es.nights.total.m', units: 'pc1', freq: 'A' } }],
  ['tools/call', { name: 'release_calendar', arguments: {} }],
  ['tools/call', { name: 'data_gaps', arguments: {} }],
  ['tools/call', { name: 'data_freshness', arguments: {} }],
  ['tools/call', { name: 'country_overview', arguments: { iso: 'JP' } }],
];

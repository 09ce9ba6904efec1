/**
 * The same figures a series page shows, asked three other ways: the REST address, the GraphQL
 * query, and a Python notebook cell (requests + pandas, the key read from the environment as in
 * the notebooks guide).
 */
export interface SeriesRequest {
  origin: string;
  id: string;
  asOf: string | null;
}

export function restUrl(r: SeriesRequest, format?: 'csv'): string {
  const query = new URLSearchParams();
  if (r.asOf) query.set('as_of', r.asOf);
  if (format) query.set('format', format);
  const q = query.toString();
  return `${r.origin}/v1/series/${encodeURIComponent(r.id)}/observations${q ? `?${q}` : ''}`;
}

export function graphqlQuery(r: SeriesRequest): string {
  return `query {
  seriesById(id: ${JSON.stringify(r.id)}) {
    alias
    unit
    scale
    timeline${r.asOf ? `(asOf: ${JSON.stringify(r.asOf)})` : ''} {
      period
      value
      status
      flags
    }
  }
}`;
}

export function pythonSnippet(r: SeriesRequest): string {
  return `import io
import os

import pandas as pd
import requests

API = os.environ.get("TOURISM_API_URL", ${JSON.stringify(r.origin)})
KEY = os.environ["TOURISM_API_KEY"]

answer = requests.get(
    f"{API}/v1/series/${encodeURIComponent(r.id)}/observations",
    params={${r.asOf ? `"as_of": ${JSON.stringify(r.asOf)}, ` : ''}"format": "csv"},
    headers={"X-API-Key": KEY},
    timeout=30,
)
answer.raise_for_status()
df = pd.read_csv(io.StringIO(answer.text), dtype={"period": str})
df`;
}

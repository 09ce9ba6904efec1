/**
 * What a citation names (publisher, official address, the publisher's release date) of the series a
 * tool's operation names without selecting them (a country's headline series, a gap report's
 * series): looked up by two fixed operations (schema/operations/mcp.graphql) once per release, day
 * and plan (what a plan sees moves with the day) and cached until the next.
 */
import { HeadlineCitationsDocument, SeriesCitationDocument, type CitationFactsFragment } from '../generated/operations';

/** The fixed operations the lookups run (they serve no route or tool of their own). */
export const CITATION_OPERATIONS = [HeadlineCitationsDocument, SeriesCitationDocument] as const;

export type CitationFacts = CitationFactsFragment;

/** Which series a tool's answer speaks of, for the citations it did not select itself. */
export interface CitationRequest {
  /** The headline series of these countries: all of them, or those of the measures named, or the one whose last period is `latest`. */
  countries?: { iso: string; measures?: readonly string[]; latest?: string | null }[];
  /** Series by id. */
  series?: { id: string; country: string }[];
}

/** Runs one of the lookups' fixed operations (as the service, not the caller: a citation is about the source, not its figures). */
export type CitationRun = {
  headline: (isos: string[]) => Promise<{ iso: string; series: CitationFacts[] }[]>;
  series: (id: string) => Promise<CitationFacts | null>;
};

export class CitationLookup {
  private release = '';
  private byCountry = new Map<string, Promise<CitationFacts[]>>();
  private bySeries = new Map<string, Promise<CitationFacts | null>>();

  /** The facts of every series `asked` names, in the order asked, each once; `release` keys what is cached (release, day and plan). */
  async facts(release: string, asked: CitationRequest, run: CitationRun): Promise<CitationFacts[]> {
    if (release !== this.release) {
      this.release = release;
      this.byCountry = new Map();
      this.bySeries = new Map();
    }
    const countries = [...new Set([...(asked.countries ?? []).map((c) => c.iso), ...(asked.series ?? []).map((s) => s.country)])];
    const missing = countries.filter((iso) => !this.byCountry.has(iso));
    if (missing.length > 0) {
      const found = run.headline(missing);
      for (const iso of missing) {
        const one = found.then((rows) => rows.find((r) => r.iso === iso)?.series ?? []);
        this.byCountry.set(iso, one);
        // A failed lookup is asked again by the next call rather than cached.
        one.catch(() => this.byCountry.delete(iso));
      }
    }
    const headline = new Map(await Promise.all(countries.map(async (iso) => [iso, await this.byCountry.get(iso)!] as const)));
    const out: CitationFacts[] = [];
    for (const c of asked.countries ?? []) out.push(...pick(headline.get(c.iso) ?? [], c.measures, c.latest));
    // One series at a time: each lookup is an operation of its own, and hundreds at once would answer in one turn of the loop.
    for (const s of asked.series ?? []) {
      const present = headline.get(s.country)?.find((h) => h.id === s.id);
      if (present) {
        out.push(present);
        continue;
      }
      let one = this.bySeries.get(s.id);
      if (!one) {
        one = run.series(s.id);
        this.bySeries.set(s.id, one);
        one.catch(() => this.bySeries.delete(s.id));
      }
      const f = await one;
      if (f) out.push(f);
    }
    const seen = new Set<string>();
    return out.filter((f) => !seen.has(f.id) && seen.add(f.id));
  }
}

/** The headline series a country's row speaks of: those of its measures, else the one its latest period is of, else all. */
function pick(series: CitationFacts[], measures: readonly string[] | undefined, latest: string | null | undefined): CitationFacts[] {
  if (measures) return series.filter((s) => measures.includes(s.measure));
  if (latest) {
    const of = series.filter((s) => s.last === latest);
    if (of.length > 0) return of;
  }
  return series;
}

/** The /mcp prompts: ready-made requests an assistant answers with the tools, citing every figure. */
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

export interface Prompt {
  name: string;
  title: string;
  description: string;
  args: Record<string, z.ZodType<string | undefined>>;
  messages: (args: Record<string, string | undefined>) => GetPromptResult;
}

const user = (text: string): GetPromptResult => ({ messages: [{ role: 'user', content: { type: 'text', text } }] });

/** How every answer built on the tools cites its figures. */
const CITE = 'Quote each figure as the tool gives it, with its period and unit, and cite it with the publisher, the release date and the official address from the citations.';

export const PROMPTS: Prompt[] = [
  {
    name: 'compare_destinations',
    title: 'Compare destinations',
    description: 'Compares several destinations on one measure (arrivals by default) over a period, with the change on a year before.',
    args: {
      countries: z.string().describe('ISO 3166 two-letter codes, comma separated, e.g. ES,FR,IT.'),
      measure: z.string().optional().describe('arrivals (default), nights, spend, capacity or departures.'),
      from: z.string().optional().describe('First period (YYYY, YYYY-MM or YYYY-Qn).'),
      to: z.string().optional().describe('Last period (YYYY, YYYY-MM or YYYY-Qn).'),
    },
    messages: ({ countries, measure, from, to }) =>
      user(
        `Compare these destinations on ${measure || 'arrivals'}: ${countries}${from || to ? `, from ${from || 'the first period'} to ${to || 'the latest'}` : ''}. ` +
          'Call compare_countries with the codes, the measure and the period; where the series differ in unit or frequency, compare the changes on a year before rather than the levels, and say so. ' +
          `Then name the leader and the fastest grower, and any country without figures and why. ${CITE}`,
      ),
  },
  {
    name: 'brief_country',
    title: 'Brief a country',
    description: "A short brief on one destination's latest month: its figures, their change, the outlook and its rivals.",
    args: {
      country: z.string().describe('ISO 3166 two-letter code, e.g. ES.'),
    },
    messages: ({ country }) =>
      user(
        `Brief me on tourism to ${country}. Call country_overview for what is held, then country_brief for the latest month, its outlook and rivals; ` +
          `where no brief is held, use search_series and get_observations on its headline arrivals series instead. Keep it to a paragraph and a short list. ${CITE}`,
      ),
  },
];

/** Country brief: text written from the figures and checked against them before serving. */
export { composeBrief } from './compose';
export { verifyBrief } from './verify';
export { formatPct, formatQuantity, formatRate, formatScore, formatSignedPct, monthName, ordinal } from './format';
export type {
  BriefCheck, BriefContext, BriefFigures, ComposedBrief, HeadlineFigures, MonthFigures, OutlookMonth, RegionRank, Rival, Trust,
} from './types';

/**
 * The chart as SVG, drawn from its spec on the scales uPlot chose (so the file matches the page):
 * grid and axis labels, lines, band, reference line, marks and a legend.
 */
import { MARKS, MARK_STYLE, MONTH_NAMES, type ChartSpec } from './chart-spec';
import { formatTick } from './format';

export interface Geometry {
  /** Whole chart, CSS pixels. */
  width: number;
  height: number;
  plot: { left: number; top: number; width: number; height: number };
  x: (value: number) => number;
  y: (value: number) => number;
  xRange: [number, number];
  yRange: [number, number];
}

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (v: number) => (Math.round(v * 10) / 10).toString();

/** About `count` round steps between lo and hi: 1, 2 or 5 times a power of ten. */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) ticks.push(Math.round(v / step) * step);
  return ticks;
}

function xTicks(spec: ChartSpec, range: [number, number]): { at: number; label: string }[] {
  if (spec.kind === 'months') return MONTH_NAMES.map((label, i) => ({ at: i + 1, label }));
  const [y0, y1] = [new Date(range[0] * 1000).getUTCFullYear(), new Date(range[1] * 1000).getUTCFullYear()];
  const step = Math.max(1, niceTicks(0, y1 - y0 + 1, 8)[1] ?? 1);
  const out: { at: number; label: string }[] = [];
  for (let y = Math.ceil(y0 / step) * step; y <= y1; y += step) {
    const at = Date.UTC(y, 0, 1) / 1000;
    if (at >= range[0] && at <= range[1]) out.push({ at, label: String(y) });
  }
  return out;
}

function path(xs: number[], ys: (number | null)[], g: Geometry, spanGaps: boolean): string {
  let d = '';
  let pen = false;
  ys.forEach((v, i) => {
    if (v === null) {
      pen = pen && spanGaps;
      return;
    }
    d += `${pen ? 'L' : 'M'}${n(g.x(xs[i]))} ${n(g.y(v))}`;
    pen = true;
  });
  return d;
}

export function chartSvg(spec: ChartSpec, g: Geometry): string {
  const head = 28;
  const legendRows = spec.lines.length + (spec.reference ? 1 : 0) + (spec.band ? 1 : 0) + MARKS.filter((m) => spec.marks?.includes(m)).length;
  const height = g.height + head + legendRows * 18 + 10;
  const { left, top, width, height: ph } = g.plot;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${g.width}" height="${height}" viewBox="0 0 ${g.width} ${height}" font-family="system-ui, sans-serif" font-size="11" role="img" aria-labelledby="t">`);
  out.push(`<title id="t">${esc(spec.title)} (${esc(spec.unit)})</title>`);
  out.push(`<rect width="100%" height="100%" fill="#ffffff"/>`);
  out.push(`<text x="8" y="19" font-size="14" font-weight="600" fill="#111">${esc(spec.title)}</text>`);
  out.push(`<g transform="translate(0 ${head})">`);
  for (const t of niceTicks(g.yRange[0], g.yRange[1])) {
    const y = n(g.y(t));
    out.push(`<line x1="${n(left)}" x2="${n(left + width)}" y1="${y}" y2="${y}" stroke="#e3e3e3"/>`);
    out.push(`<text x="${n(left - 6)}" y="${y}" text-anchor="end" dominant-baseline="middle" fill="#333">${esc(formatTick(t))}</text>`);
  }
  for (const t of xTicks(spec, g.xRange)) {
    const x = n(g.x(t.at));
    out.push(`<line x1="${x}" x2="${x}" y1="${n(top)}" y2="${n(top + ph)}" stroke="#f0f0f0"/>`);
    out.push(`<text x="${x}" y="${n(top + ph + 16)}" text-anchor="middle" fill="#333">${esc(t.label)}</text>`);
  }
  out.push(`<rect x="${n(left)}" y="${n(top)}" width="${n(width)}" height="${n(ph)}" fill="none" stroke="#999"/>`);
  if (spec.band) {
    const idx = spec.x.map((_, i) => i).filter((i) => spec.band!.lower[i] !== null && spec.band!.upper[i] !== null);
    if (idx.length) {
      const upper = idx.map((i) => `${n(g.x(spec.x[i]))} ${n(g.y(spec.band!.upper[i]!))}`);
      const lower = [...idx].reverse().map((i) => `${n(g.x(spec.x[i]))} ${n(g.y(spec.band!.lower[i]!))}`);
      out.push(`<path d="M${upper.join('L')}L${lower.join('L')}Z" fill="#0072B2" fill-opacity="0.18"/>`);
    }
  }
  if (spec.reference) {
    const y = n(g.y(spec.reference.value));
    out.push(`<line x1="${n(left)}" x2="${n(left + width)}" y1="${y}" y2="${y}" stroke="#444" stroke-dasharray="6 4"/>`);
    out.push(`<text x="${n(left + 4)}" y="${n(g.y(spec.reference.value) - 4)}" fill="#333">${esc(spec.reference.label)}</text>`);
  }
  for (const line of spec.lines) {
    out.push(`<path d="${path(spec.x, line.values, g, line.spanGaps ?? false)}" fill="none" stroke="${line.color}" stroke-width="2"${line.dash ? ` stroke-dasharray="${line.dash.join(' ')}"` : ''}/>`);
  }
  spec.marks?.forEach((mark, i) => {
    if (!mark) return;
    const color = MARK_STYLE[mark].color;
    const x = g.x(spec.x[i]);
    const v = spec.lines[0]?.values[i] ?? null;
    if (mark === 'break') out.push(`<line x1="${n(x)}" x2="${n(x)}" y1="${n(top)}" y2="${n(top + ph)}" stroke="${color}" stroke-dasharray="3 3"/>`);
    else if (mark === 'withheld' || v === null) {
      const y = top + ph - 5;
      out.push(`<path d="M${n(x - 4)} ${n(y - 4)}L${n(x + 4)} ${n(y + 4)}M${n(x + 4)} ${n(y - 4)}L${n(x - 4)} ${n(y + 4)}" stroke="${color}" stroke-width="1.5"/>`);
    } else if (mark === 'estimated') out.push(`<circle cx="${n(x)}" cy="${n(g.y(v))}" r="4" fill="none" stroke="${color}" stroke-width="1.5"/>`);
    else {
      const y = g.y(v);
      out.push(`<path d="M${n(x)} ${n(y - 5)}L${n(x + 5)} ${n(y + 4)}L${n(x - 5)} ${n(y + 4)}Z" fill="${color}"/>`);
    }
  });
  let ly = g.height + 14;
  const legend = (swatch: string, label: string) => {
    out.push(`<g transform="translate(10 ${ly})">${swatch}<text x="26" y="4" fill="#222">${esc(label)}</text></g>`);
    ly += 18;
  };
  for (const line of spec.lines) legend(`<line x1="0" x2="20" stroke="${line.color}" stroke-width="2"${line.dash ? ` stroke-dasharray="${line.dash.join(' ')}"` : ''}/>`, line.label);
  if (spec.reference) legend(`<line x1="0" x2="20" stroke="#444" stroke-dasharray="6 4"/>`, spec.reference.label);
  if (spec.band) legend(`<rect x="0" y="-5" width="20" height="10" fill="#0072B2" fill-opacity="0.18"/>`, spec.band.label);
  for (const m of MARKS.filter((k) => spec.marks?.includes(k))) legend(`<circle cx="10" cy="0" r="4" fill="${MARK_STYLE[m].color}"/>`, MARK_STYLE[m].label);
  out.push('</g></svg>');
  return out.join('\n');
}

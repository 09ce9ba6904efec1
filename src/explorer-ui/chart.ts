/**
 * Charts on the page with uPlot (canvas; small and fast), plus what uPlot does not draw: the
 * reference line, the band and the publisher's marks. Each chart comes with its text alternative,
 * its table, and PNG and SVG downloads of the same picture.
 */
import uPlot from 'uplot';
import { MARKS, MARK_STYLE, MONTH_NAMES, valueRange, type ChartSpec, type Mark } from './chart-spec';
import { chartTable, describeChart } from './chart-text';
import { h } from './dom';
import { formatNumber, formatTick } from './format';
import { chartSvg, type Geometry } from './svg';

export interface Chart {
  element: HTMLElement;
  png: () => Promise<Blob>;
  svg: () => string;
}

function heightFor(width: number): number {
  return Math.round(Math.max(220, Math.min(380, width * 0.55)));
}

/** Where uPlot put things, in CSS pixels of the whole chart, for the SVG copy. */
function geometry(u: uPlot): Geometry {
  const r = uPlot.pxRatio;
  return {
    width: u.width,
    height: u.height,
    plot: { left: u.bbox.left / r, top: u.bbox.top / r, width: u.bbox.width / r, height: u.bbox.height / r },
    x: (v) => u.valToPos(v, 'x', true) / r,
    y: (v) => u.valToPos(v, 'y', true) / r,
    xRange: [u.scales.x.min ?? 0, u.scales.x.max ?? 1],
    yRange: [u.scales.y.min ?? 0, u.scales.y.max ?? 1],
  };
}

/** Band, reference line and marks on uPlot's canvas, after its own drawing. */
function drawExtras(u: uPlot, spec: ChartSpec): void {
  const ctx = u.ctx;
  const r = uPlot.pxRatio;
  const { left, top, width, height } = u.bbox;
  const X = (i: number) => u.valToPos(spec.x[i], 'x', true);
  const Y = (v: number) => u.valToPos(v, 'y', true);
  ctx.save();
  if (spec.band) {
    const idx = spec.x.map((_, i) => i).filter((i) => spec.band!.lower[i] !== null && spec.band!.upper[i] !== null);
    if (idx.length) {
      ctx.beginPath();
      idx.forEach((i, n) => (n ? ctx.lineTo(X(i), Y(spec.band!.upper[i]!)) : ctx.moveTo(X(i), Y(spec.band!.upper[i]!))));
      [...idx].reverse().forEach((i) => ctx.lineTo(X(i), Y(spec.band!.lower[i]!)));
      ctx.closePath();
      ctx.fillStyle = 'rgba(0, 114, 178, 0.18)';
      ctx.fill();
    }
  }
  if (spec.reference) {
    const y = Y(spec.reference.value);
    ctx.strokeStyle = '#444';
    ctx.lineWidth = r;
    ctx.setLineDash([6 * r, 4 * r]);
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(left + width, y);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = '#333';
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
    ctx.font = `${11 * r}px system-ui, sans-serif`;
    ctx.fillText(spec.reference.label, left + 4 * r, y - 4 * r);
  }
  spec.marks?.forEach((mark, i) => {
    if (!mark) return;
    const v = spec.lines[0]?.values[i] ?? null;
    const x = X(i);
    ctx.strokeStyle = ctx.fillStyle = MARK_STYLE[mark].color;
    ctx.lineWidth = 1.5 * r;
    if (mark === 'break') {
      ctx.setLineDash([3 * r, 3 * r]);
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x, top + height);
      ctx.stroke();
      ctx.setLineDash([]);
    } else if (mark === 'withheld' || v === null) {
      const y = top + height - 5 * r;
      const s = 4 * r;
      ctx.beginPath();
      ctx.moveTo(x - s, y - s);
      ctx.lineTo(x + s, y + s);
      ctx.moveTo(x + s, y - s);
      ctx.lineTo(x - s, y + s);
      ctx.stroke();
    } else if (mark === 'estimated') {
      ctx.beginPath();
      ctx.arc(x, Y(v), 4 * r, 0, 2 * Math.PI);
      ctx.stroke();
    } else {
      const y = Y(v);
      const s = 5 * r;
      ctx.beginPath();
      ctx.moveTo(x, y - s);
      ctx.lineTo(x + s, y + s * 0.8);
      ctx.lineTo(x - s, y + s * 0.8);
      ctx.closePath();
      ctx.fill();
    }
  });
  ctx.restore();
}

/**
 * Months of the year by name; a short run of periods (a brief's months) by the periods themselves,
 * thinned to fit, where uPlot's own time ticks would fall on days.
 */
function xAxis(spec: ChartSpec, width: number): uPlot.Axis {
  if (spec.kind === 'months') return { values: (_u, splits) => splits.map((m) => MONTH_NAMES[m - 1] ?? '') };
  if (spec.x.length > 24) return {};
  const every = Math.max(1, Math.ceil(spec.x.length / Math.max(2, Math.floor(width / 80))));
  const shown = spec.x.filter((_, i) => i % every === 0);
  return { splits: () => shown, values: (_u, splits) => splits.map((v) => spec.periods[spec.x.indexOf(v)] ?? '') };
}

function options(spec: ChartSpec, width: number): uPlot.Options {
  const range = valueRange(spec);
  return {
    width,
    height: heightFor(width),
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    scales: {
      x: { time: spec.kind === 'time' },
      y: {
        range: (_u, min, max) => {
          const lo = Math.min(min, range?.[0] ?? min);
          const hi = Math.max(max, range?.[1] ?? max);
          return uPlot.rangeNum(lo >= 0 ? Math.max(0, lo) : lo, hi, 0.1, true);
        },
      },
    },
    axes: [xAxis(spec, width), { size: 56, values: (_u, splits) => splits.map((v) => formatTick(v)) }],
    series: [
      { label: spec.kind === 'months' ? 'Month' : 'Period', value: (_u, v) => (v == null ? '–' : spec.periods[spec.x.indexOf(v)] ?? '') },
      ...spec.lines.map((l) => ({ label: l.label, stroke: l.color, width: 2, dash: l.dash, spanGaps: l.spanGaps ?? false, value: (_u: uPlot, v: number | null) => formatNumber(v) })),
    ],
    hooks: { draw: [(u: uPlot) => drawExtras(u, spec)] },
    cursor: { points: { size: 6 } },
  };
}

function markKey(marks: readonly (Mark | null)[]): HTMLElement | null {
  const present = MARKS.filter((m) => marks.includes(m));
  if (!present.length) return null;
  return h('ul', { class: 'mark-key' }, present.map((m) => h('li', { 'data-mark': m }, h('span', { class: `swatch mark-${m}`, 'aria-hidden': 'true' }), MARK_STYLE[m].label)));
}

/** Draws `spec` once its element is in the page (uPlot measures it), and keeps it fitted to the width. */
export function drawChart(spec: ChartSpec): Chart {
  const descId = `${spec.id}-desc`;
  const plotBox = h('div', { class: 'plot', role: 'img', 'aria-label': spec.title, 'aria-describedby': descId });
  const figure = h(
    'figure',
    { class: 'chart', id: spec.id },
    h('figcaption', {}, h('strong', {}, spec.title), h('span', { class: 'unit' }, ` (${spec.unit})`)),
    plotBox,
    spec.marks ? markKey(spec.marks) : null,
    h('p', { class: 'chart-desc', id: descId }, describeChart(spec)),
    h('details', { class: 'chart-table' }, h('summary', {}, 'Figures as a table'), chartTable(spec)),
  );
  let plot: uPlot | null = null;
  const data: uPlot.AlignedData = [spec.x, ...spec.lines.map((l) => l.values)];
  const start = () => {
    const width = Math.max(280, plotBox.clientWidth || 600);
    plot = new uPlot(options(spec, width), data, plotBox);
    new ResizeObserver(() => {
      const w = Math.max(280, plotBox.clientWidth);
      if (plot && Math.abs(w - plot.width) > 2) plot.setSize({ width: w, height: heightFor(w) });
    }).observe(plotBox);
  };
  // Drawn when the figure is attached: the next frame after the view inserts it.
  requestAnimationFrame(() => (plotBox.isConnected ? start() : requestAnimationFrame(start)));
  const ready = () => {
    if (!plot) throw new Error('the chart is not drawn yet');
    return plot;
  };
  return {
    element: figure,
    png: () => pngOf(ready(), spec.title),
    svg: () => chartSvg(spec, geometry(ready())),
  };
}

/** The canvas (plot and axes) on white with the title above it. */
function pngOf(u: uPlot, title: string): Promise<Blob> {
  const r = uPlot.pxRatio;
  const source = u.ctx.canvas;
  const head = Math.round(28 * r);
  const canvas = document.createElement('canvas');
  canvas.width = source.width;
  canvas.height = source.height + head;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('this browser gives no 2D canvas'));
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#111111';
  ctx.font = `600 ${14 * r}px system-ui, sans-serif`;
  ctx.fillText(title, 8 * r, 19 * r);
  ctx.drawImage(source, 0, head);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'));
}

/** Offers `blob` as a file to save (a blob: URL; nothing leaves the browser). */
export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

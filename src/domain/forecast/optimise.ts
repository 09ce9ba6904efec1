/** Derivative-free minimiser: the loss surfaces of smoothing models are cheap but not smooth enough for gradients. */

export interface MinimiseOptions {
  /** Initial step per coordinate. */
  step?: number;
  maxEvaluations?: number;
  /** Stop when the spread of loss values across the simplex falls below this. */
  tolerance?: number;
}

export interface MinimiseResult {
  x: number[];
  value: number;
  evaluations: number;
}

/** Nelder–Mead simplex search (standard coefficients: reflect 1, expand 2, contract 0.5, shrink 0.5). */
export function nelderMead(
  f: (x: number[]) => number,
  start: number[],
  options: MinimiseOptions = {},
): MinimiseResult {
  const step = options.step ?? 0.5;
  const maxEvaluations = options.maxEvaluations ?? 400;
  const tolerance = options.tolerance ?? 1e-10;
  const dim = start.length;
  let evaluations = 0;
  const evaluate = (x: number[]): number => {
    evaluations++;
    const v = f(x);
    return Number.isFinite(v) ? v : Number.MAX_VALUE;
  };

  const simplex: number[][] = [start.slice()];
  for (let i = 0; i < dim; i++) {
    const vertex = start.slice();
    vertex[i] += step;
    simplex.push(vertex);
  }
  const values = simplex.map(evaluate);

  while (evaluations < maxEvaluations) {
    const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
    const sorted = order.map((i) => simplex[i]);
    const sortedValues = order.map((i) => values[i]);
    simplex.splice(0, simplex.length, ...sorted);
    values.splice(0, values.length, ...sortedValues);
    if (values[dim] - values[0] < tolerance) break;

    const centroid = new Array<number>(dim).fill(0);
    for (let i = 0; i < dim; i++) for (let j = 0; j < dim; j++) centroid[j] += simplex[i][j] / dim;
    const along = (t: number): number[] => centroid.map((c, j) => c + t * (simplex[dim][j] - c));

    const reflected = along(-1);
    const fr = evaluate(reflected);
    if (fr < values[0]) {
      const expanded = along(-2);
      const fe = evaluate(expanded);
      replaceWorst(simplex, values, fe < fr ? expanded : reflected, Math.min(fe, fr));
    } else if (fr < values[dim - 1]) {
      replaceWorst(simplex, values, reflected, fr);
    } else {
      const contracted = fr < values[dim] ? along(-0.5) : along(0.5);
      const fc = evaluate(contracted);
      if (fc < Math.min(fr, values[dim])) {
        replaceWorst(simplex, values, contracted, fc);
      } else {
        for (let i = 1; i <= dim; i++) {
          simplex[i] = simplex[i].map((v, j) => simplex[0][j] + 0.5 * (v - simplex[0][j]));
          values[i] = evaluate(simplex[i]);
        }
      }
    }
  }
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i] < values[best]) best = i;
  return { x: simplex[best], value: values[best], evaluations };
}

function replaceWorst(simplex: number[][], values: number[], x: number[], v: number): void {
  simplex[simplex.length - 1] = x;
  values[values.length - 1] = v;
}

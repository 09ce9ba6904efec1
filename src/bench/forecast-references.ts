/**
 * Off-the-shelf forecasters the outlook is compared with in `npm run bench:forecast` (reference
 * rows only; the service never loads them): MSTL with an AutoETS trend from augurs (Rust compiled
 * to WebAssembly) and AutoARIMA from the `arima` package (the C library ctsa compiled to
 * WebAssembly). Both are fitted on the values as published, as their users would.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { initSync, MSTL } from '@bsull/augurs/mstl';
import type { ReferenceForecaster } from '../domain/forecast';
import { normalQuantile } from '../domain/forecast';

const require = createRequire(import.meta.url);
// The package exports its JavaScript only; the WebAssembly sits beside it.
initSync({ module: fs.readFileSync(path.join(path.dirname(require.resolve('@bsull/augurs/mstl')), 'mstl_bg.wasm')) });
type ArimaConstructor = typeof import('arima');
/**
 * `arima` as its index.js builds it, but with ctsa's console output switched off: it prints a
 * warning per awkward fit to stdout, which buried the table. Loaded by path, as the package
 * exports only index.js.
 */
function quietArima(): ArimaConstructor {
  const dir = path.dirname(require.resolve('arima'));
  const instantiate: (options: object) => unknown = require(path.join(dir, 'wasm/native-sync.js'));
  const load: (module: unknown) => ArimaConstructor = require(path.join(dir, 'load.js'));
  const silent = (): void => {};
  return load(instantiate({ wasmBinary: require(path.join(dir, 'wrapper/native.bin.js')), print: silent, printErr: silent }));
}
const ARIMA = quietArima();

/** augurs `MSTL.ets([m])`, with its own 80% intervals. */
export const mstlEts: ReferenceForecaster = (train, h, m) => {
  const model = MSTL.ets([m]);
  try {
    model.fit(Float64Array.from(train));
    const f = model.predict(h, 0.8);
    if (!f.intervals) return null;
    return { point: f.point, low: f.intervals.lower, high: f.intervals.upper };
  } finally {
    model.free();
  }
};

/** Years of training data AutoARIMA is fitted on. */
export const ARIMA_YEARS = 10;

/**
 * AutoARIMA with a seasonal part of period m, searching orders up to (1,1,1)(1,1,1)m, fitted on
 * the last ARIMA_YEARS years only, as is common practice for seasonal ARIMA: on whole series
 * (up to 36 years) the search took hours over a backtest. Its 80% band comes from the predicted variances. ctsa sometimes returns
 * non-finite values instead of failing: the backtest counts those as failed fits. Finite but
 * exploding forecasts (windows holding 2020) are retained and scored: they set its mean MASE.
 */
export const autoArima: ReferenceForecaster = (train, h, m) => {
  const model = new ARIMA({ auto: true, s: m, p: 1, d: 1, q: 1, P: 1, D: 1, Q: 1, verbose: false });
  try {
    const [point, variance] = model.train(train.slice(-ARIMA_YEARS * m)).predict(h);
    const z = normalQuantile(0.9);
    return { point, low: point.map((p, i) => p - z * Math.sqrt(variance[i])), high: point.map((p, i) => p + z * Math.sqrt(variance[i])) };
  } finally {
    model.destroy();
  }
};

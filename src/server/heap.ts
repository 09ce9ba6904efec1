/**
 * V8 settings that keep resident memory near what the service holds, set once per process before
 * the first release is opened (measured with the GraphQL benchmark, compiled, NODE_ENV=production):
 *   - heap growth: by default V8 lets the heap grow to about four times what the last full collection
 *     kept when collections are cheap, and answers allocate a lot that dies young but outlives a
 *     scavenge, so resident memory climbed past 500 MB around ~100 MB of live objects. Growing by 30%
 *     keeps the heap near 1.3× the live objects, for full collections of 10–30 ms about once a second
 *     under load; 50% held some 10 MB more for no measurable gain, 20% cost throughput.
 *   - WebAssembly compiled by the baseline compiler only: Prisma's query compiler is a WebAssembly
 *     module, and optimising it in the background left some 85 MB in the compiler threads' malloc
 *     arenas for no measurable change in answer times (plans are compiled once per query shape).
 * A setting given on the command line or in NODE_OPTIONS is left alone.
 */
import v8 from 'node:v8';

export const HEAP_GROWING_PERCENT = 30;

const given = (flag: RegExp) => [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => flag.test(arg));

export function limitMemory(): void {
  if (!given(/heap[-_]growing[-_]percent/)) v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  if (!given(/liftoff|wasm[-_]tier/)) v8.setFlagsFromString('--liftoff-only');
}

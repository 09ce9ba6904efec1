/**
 * Promise.withResolvers for Node 20: PostGraphile 5.1 calls it (it is native from Node 22 on).
 * Imported before PostGraphile, only by the GraphQL benchmark's PostGraphile server.
 */
const P = Promise as PromiseConstructor & { withResolvers?: unknown };
if (typeof P.withResolvers !== 'function') {
  P.withResolvers = function withResolvers<T>() {
    let resolve!: (value: T | PromiseLike<T>) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
export {};

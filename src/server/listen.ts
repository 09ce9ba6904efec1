/**
 * Listening on HOST:PORT, with the reasons it fails said in one line an operator can act on
 * (no stack trace): the port taken by another server, a privileged port, a host not on this machine.
 */
import net from 'node:net';

/** A failure to listen; its message is the whole story. */
export class ListenError extends Error {}

function listenError(err: NodeJS.ErrnoException, host: string, port: number): ListenError {
  switch (err.code) {
    case 'EADDRINUSE':
      return new ListenError(`port ${port} is already in use: another server listens on ${host}:${port}; stop it or set PORT to a free port.`);
    case 'EACCES':
      return new ListenError(`port ${port} needs privileges this process does not have; set PORT to 1024 or above.`);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new ListenError(`host ${host} is not an address of this machine; set HOST to one (127.0.0.1, 0.0.0.0).`);
    default:
      return new ListenError(`cannot listen on ${host}:${port}: ${err.message}`);
  }
}

/** Starts `server` listening; rejects with a ListenError. */
export function listen(server: net.Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => reject(listenError(err, host, port));
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/**
 * Whether HOST:PORT can be listened on, found by listening and closing at once: a cluster primary
 * asks before forking workers (whose failure to listen would only make them restart forever), and
 * `serve` before building any data.
 */
export async function ensureCanListen(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await listen(probe, host, port);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

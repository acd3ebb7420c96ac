// Plain JavaScript so that both `node scripts/test-api-postgres.mjs` and the tsx benchmarks import it.
import net from 'node:net';

/** Whether something accepts a TCP connection at the URL's host and port (5432 by default) within 2 s. */
export const postgresAnswers = (url) =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });

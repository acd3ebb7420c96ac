import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildApp, type TBuildOptions } from './app';
import { ConfigError, loadConfig, type TConfig } from './config';
import { framedNotice } from './startNotice';

export type TStartOptions = {
  /**
   * Settled when the client is built (scripts/start.mjs builds it while the database opens): the
   * server listens only then, so the first page a newcomer opens is there.
   */
  clientBuilt?: Promise<void>;
  /** The configuration, when not the environment's (a test starts on a database of its own). */
  config?: TConfig;
  /** More routes under /api/v1 (the test of a stop with a slow request in flight). */
  extraApiRoutes?: TBuildOptions['extraApiRoutes'];
};

/** Opens the database, registers everything and listens; stops cleanly on SIGINT and SIGTERM. */
export const startServer = async (startOptions: TStartOptions = {}) => {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = startOptions.config ?? loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The one-time admin password is held back and printed last, framed, whatever happens: the
  // client build's lines and the server's log would otherwise bury it (issue 22).
  const notices: string[] = [];
  const showNotices = () => {
    if (notices.length > 0) console.log(`\n${framedNotice(notices.splice(0))}\n`);
  };
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config, {
      logger: { level: 'info' },
      clientBuilding: Boolean(startOptions.clientBuilt),
      extraApiRoutes: startOptions.extraApiRoutes,
      announce: (line) => notices.push(line),
    });
  } catch (error) {
    showNotices();
    throw error;
  }

  // A stop (SIGTERM from an orchestrator, Ctrl-C): no new requests (the listening socket closes,
  // a request on an open connection gets 503, /health/ready answers 503), those in flight and a
  // backup being made finish, the database closes, exit 0. Past SHUTDOWN_TIMEOUT_S the process
  // exits 1 anyway (docs/decisions.md, issue 36). A second signal changes nothing: Ctrl-C under npm
  // or scripts/dev.mjs reaches the server twice (from the terminal and forwarded).
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const limitS = config.shutdownTimeoutS ?? 25;
    app.log.info(`${signal} received: finishing the requests in flight (at most ${limitS} s), then exiting`);
    const limit = setTimeout(() => {
      app.log.error(`Still not closed after ${limitS} s (SHUTDOWN_TIMEOUT_S): exiting anyway`);
      process.exit(1);
    }, limitS * 1000);
    limit.unref();
    try {
      await app.close();
      app.log.info('Closed');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'Closing failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    try {
      await startOptions.clientBuilt;
    } catch (error) {
      await app.close();
      throw error;
    }
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    console.log(`Adoption back office listening on http://${host}:${port}  (API documentation: /api/docs)`);
  } finally {
    showNotices();
  }
  return app;
};

const failed = (error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
};

// Run as a program (node dist/server/main.js, tsx server/main.ts); imported, it waits to be called.
const runAsProgram = () => {
  try {
    return !!process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
};
if (runAsProgram()) startServer().catch(failed);

export { failed as startFailed };

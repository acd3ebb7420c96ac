import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

const start = async () => {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config, { logger: { level: 'info' } });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`Adoption back office listening on http://${host}:${port}  (API documentation: /api/docs)`);
};

start().catch((error) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

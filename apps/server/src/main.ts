import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { seedDemoData } from './db/seed/index.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const app = await buildApp({ config, database });
// Under the start-up lock: two instances starting on an empty database seed it once.
if (config.SEED_DEMO) await database.exclusive(() => seedDemoData(app));

/**
 * Graceful shutdown (SIGTERM from the orchestrator, SIGINT from a terminal): stop accepting connections (new requests
 * on kept-alive ones answer 503 so the load balancer retries elsewhere), let requests in flight finish, stop the
 * jobs and the mail worker (each waits for the run in hand), close Redis and the database pool. Whatever is still
 * running after SHUTDOWN_TIMEOUT_SECONDS is cut off: a mail being sent is retried by another instance when its lease
 * ends, an order being expired was rolled back and is taken by the next run.
 */
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const deadline = setTimeout(() => {
    app.log.error({ signal }, `shutdown took longer than ${config.SHUTDOWN_TIMEOUT_SECONDS} s; exiting anyway`);
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
  deadline.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`Nhà Sách is running at ${config.PUBLIC_URL} (database: ${database.kind})`);

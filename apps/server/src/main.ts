import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { seedDemoData } from './db/seed/index.ts';
import { closeGracefully } from './lib/shutdown.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const app = await buildApp({ config, database });
// Under the start-up lock: two instances starting on an empty database seed it once.
if (config.SEED_DEMO) await database.exclusive(() => seedDemoData(app));

/**
 * Graceful shutdown (SIGTERM from the orchestrator, SIGINT from a terminal), lib/shutdown.ts: stop accepting
 * connections, answer requests in flight, answer requests arriving on open keep-alive connections with 503 and
 * `Connection: close` (the load balancer retries them elsewhere) while they drain, then close the idle ones; then
 * stop the jobs and the mail worker (it finishes the mail in hand and claims no more), close Redis and the database
 * pool, exit 0. Whatever is still running after SHUTDOWN_TIMEOUT_SECONDS is cut off (exit 1): a mail being sent is
 * retried by another instance when its lease ends, an order being expired was rolled back and is taken by the next
 * run.
 */
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const budgetMs = config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
  const deadline = setTimeout(() => {
    app.log.error({ signal }, `shutdown took longer than ${config.SHUTDOWN_TIMEOUT_SECONDS} s; exiting anyway`);
    process.exit(1);
  }, budgetMs);
  deadline.unref();
  try {
    // A quarter of the budget (at most 5 s) for requests already on their way on kept-alive connections.
    await closeGracefully(app, { drainMs: Math.min(5000, budgetMs / 4) });
    await database.close();
    app.log.info({ signal }, 'shut down');
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

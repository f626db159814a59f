import { loadConfig } from './config.ts';
import { buildPlace, startEarlyBuild } from './modules/catalog/index-build-thread.ts';

const config = loadConfig();
// A real shop's first search build (no demo data to seed first) starts before the app's modules are loaded, which
// takes one to two seconds: the catalogue module takes it over at registration (modules/index.ts and
// catalog/routes.ts start it in the same place, buildPlace).
const place = buildPlace(config);
if (place && config.SEARCH_INDEX && !config.SEED_DEMO) startEarlyBuild(place.url, place.snapshotDir);
const [{ openDatabase }, { buildApp }, { seedDemoData }, { closeGracefully }] = await Promise.all([
  import('./db/client.ts'),
  import('./app.ts'),
  import('./db/seed/index.ts'),
  import('./lib/shutdown.ts'),
]);
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

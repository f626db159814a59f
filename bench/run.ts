/**
 * Catalogue benchmark: `npm run bench` (options after `--`).
 *
 *   --generate         regenerate the data even if it exists (otherwise generated once, then reused)
 *   --books N          catalogue size (default 1000000)
 *   --only a,b         run only these scenarios (catalog, category, listing-mixed, listing-mixed-cached,
 *                      search-vi, search-plain, search-mixed, search-mixed-cached, suggest, detail, related, home,
 *                      baseline)
 *   --soak M           instead of the scenarios: M minutes of a shopper's mix at --rate (listings, searches,
 *                      suggestions, product pages), printing every minute the server's RSS, the latency of that
 *                      minute and the search index's last build (rebuilt every 2 minutes in this mode)
 *   --duration S       seconds of the maximum-throughput run (default 10)
 *   --rate-duration S  seconds of the fixed-rate run (default 15)
 *   --rate R           requests per second of the fixed-rate run (default 200; open loop, see paced.ts)
 *   --instances N      N API processes behind deploy/nginx.conf in a real nginx, as docs/deploy.md runs them (default
 *                      1: one process, no load balancer); the CPU per request then adds up the instances and nginx
 *
 * Needs PostgreSQL at BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres); the data lives in
 * the database of BENCH_DATABASE_URL (default .../nhasach_bench). The server runs as a child process (main.ts in
 * production mode, under tsx), so the load generator does not share its event loop; BENCH_SERVER_NODE_ARGS gives it
 * node options (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof': a profile of the server under the scenario's traffic).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startNginx } from '../apps/server/test/nginx.ts';
import { generateCatalogue } from './generate.ts';
import { paced, percentile, type RunResult } from './paced.ts';
import { lastPagePaths, listingPaths } from './listing-paths.ts';
import { searchTerms, suggestPrefixes, type SampleBook } from './search-terms.ts';
import { SEARCH_TERMS } from './vocabulary.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    generate: { type: 'boolean', default: false },
    books: { type: 'string', default: '1000000' },
    only: { type: 'string' },
    duration: { type: 'string', default: '10' },
    'rate-duration': { type: 'string', default: '15' },
    rate: { type: 'string', default: '200' },
    soak: { type: 'string' },
    writes: { type: 'string', default: '0' },
    instances: { type: 'string', default: '1' },
  },
});
const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nhasach_bench';
const BOOKS = Number(args.books);
const MAX_DURATION = Number(args.duration);
const RATE_DURATION = Number(args['rate-duration']);
const RATE = Number(args.rate);
const CONNECTIONS = 32;
const INSTANCES = Math.max(1, Number(args.instances));

const stripMarks = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd');

/** A path source cycling through a fixed list (deterministic, so runs are comparable). */
const cycle = (paths: string[]) => {
  let i = 0;
  return () => paths[i++ % paths.length]!;
};

interface Scenario {
  name: string;
  description: string;
  next: () => string;
  /** False: measured on a server started with SEARCH_CACHE=false (every search is ranked again). */
  cache?: boolean;
  /** False: measured on a server started with SEARCH_INDEX=false (every search is ranked by PostgreSQL). */
  index?: boolean;
  /** False: measured on a server started with LISTING_INDEX=false (every listing read by PostgreSQL, as before). */
  listingIndex?: boolean;
  /** Run once the server answers, before the warm-up (paths that depend on the server's answers). */
  prepare?: (url: string) => Promise<void>;
}

/** Distinct terms of the realistic search scenarios: more than one run sends, so no term repeats within it. */
const MIXED_TERMS = 8000;
const SUGGEST_PREFIXES = 5000;
/** Distinct listing requests of listing-mixed: more than a run sends at 800/s for 10 s plus the paced run. */
const LISTING_PATHS = 12000;

async function sampleData() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const slugs = await client.query<{ slug: string; id: number }>(
      `select slug, id from books tablesample system (1) repeatable (42) where status in ('ACTIVE', 'OUT_OF_STOCK') limit 2000`,
    );
    // Titles, first authors and ISBNs of a fixed sample of visible books: the source of the realistic terms.
    const sources = await client.query<SampleBook>(
      `select b.title, b.isbn13, coalesce((select a.name from book_authors ba join authors a on a.id = ba.author_id
         where ba.book_id = b.id order by ba.position limit 1), '') as author
       from books b tablesample system (1) repeatable (7) where b.status in ('ACTIVE', 'OUT_OF_STOCK') limit 6000`,
    );
    const cats = await client.query<{ slug: string }>(
      `select slug from categories where parent_id is null or parent_id in (select id from categories where parent_id is null) order by id`,
    );
    const slugsOf = async (table: string) => (await client.query<{ slug: string }>(`select slug from ${table} order by id`)).rows.map((r) => r.slug);
    return {
      books: slugs.rows,
      categories: cats.rows.map((r) => r.slug),
      allCategories: await slugsOf('categories'),
      publishers: await slugsOf('publishers'),
      suppliers: await slugsOf('suppliers'),
      sources: sources.rows,
    };
  } finally {
    await client.end();
  }
}

function scenarios(sample: Awaited<ReturnType<typeof sampleData>>): Scenario[] {
  const sorts = ['NEWEST', 'BEST', 'PRICE_ASC', 'PRICE_DESC'];
  const catalog: string[] = [];
  for (let page = 0; page < 25; page++) for (const sort of sorts) catalog.push(`/api/v1/books/catalog?sort=${sort}&page=${page}&size=12`);
  const category: string[] = [];
  for (const [i, slug] of sample.categories.entries()) {
    for (let page = 0; page < 3; page++) {
      category.push(
        `/api/v1/books/catalog?category=${slug}&sort=${sorts[(i + page) % sorts.length]}&priceMin=50000&priceMax=300000&language=VI&page=${page}&size=12`,
      );
    }
  }
  const search = (terms: string[]) => terms.map((t) => `/api/v1/books/search?q=${encodeURIComponent(t)}&page=0&size=20`);
  const mixed = search(searchTerms(sample.sources, MIXED_TERMS));
  const prefixes = suggestPrefixes(sample.sources, SUGGEST_PREFIXES).map((p) => `/api/v1/books/suggest?q=${encodeURIComponent(p)}`);
  const detail = sample.books.map((b, i) => (i % 2 ? `/api/v1/books/slug/${b.slug}` : `/api/v1/books/${b.id}`));
  // Listings as shoppers click them (listing-paths.ts); the last pages are known once a server answers.
  let listing = listingPaths({ categories: sample.allCategories, publishers: sample.publishers, suppliers: sample.suppliers }, LISTING_PATHS);
  const prepareListing = async (url: string) => {
    listing = await lastPagePaths(url, listing);
  };
  const nextListing = (() => {
    let i = 0;
    return () => listing[i++ % listing.length]!;
  })();
  const listingDescription =
    `${LISTING_PATHS} distinct listings: ${sample.allCategories.length} categories (parents with descendants) or the whole catalogue, ` +
    'price ranges, language, publisher, supplier, 4 sorts, sizes 12/24/36, pages 0 (55 %), 1, 2-4, 5-200 and the last page (5 %)';
  return [
    { name: 'listing-mixed', description: `${listingDescription}; caches off (page totals counted every time)`, next: nextListing, cache: false, prepare: prepareListing },
    { name: 'listing-mixed-cached', description: `the same listings with the caches on (as in production)`, next: nextListing, prepare: prepareListing },
    {
      name: 'listing-mixed-database',
      description: 'the same listings read by PostgreSQL (LISTING_INDEX=false, the code before), caches off',
      next: nextListing,
      cache: false,
      listingIndex: false,
      prepare: prepareListing,
    },
    {
      name: 'listing-mixed-database-cached',
      description: 'the same listings read by PostgreSQL, caches on (page totals cached 60 s)',
      next: nextListing,
      listingIndex: false,
      prepare: prepareListing,
    },
    { name: 'catalog', description: 'catalogue listing, 4 sorts x 25 pages', next: cycle(catalog) },
    { name: 'category', description: 'category (with descendants) + price range + language, 4 sorts', next: cycle(category) },
    { name: 'search-vi', description: `search with diacritics (${SEARCH_TERMS.length} terms)`, next: cycle(search(SEARCH_TERMS)) },
    { name: 'search-plain', description: 'the same terms without diacritics', next: cycle(search(SEARCH_TERMS.map(stripMarks))) },
    {
      name: 'search-mixed',
      description: `${mixed.length} distinct terms from the catalogue (1-4 words of titles and authors, half without diacritics, typos, cut short, ISBNs), search cache off`,
      next: cycle(mixed),
      cache: false,
    },
    {
      name: 'search-mixed-database',
      description: 'the same terms with the search cache and the in-memory search index off (every search ranked by PostgreSQL)',
      next: cycle(mixed),
      cache: false,
      index: false,
    },
    { name: 'search-mixed-cached', description: 'the same terms with the 30 s search cache on (as in production)', next: cycle(mixed) },
    { name: 'suggest', description: `/books/suggest with ${prefixes.length} distinct prefixes (2-12 characters of titles and authors)`, next: cycle(prefixes) },
    { name: 'detail', description: `book detail by id and by slug (${detail.length} books)`, next: cycle(detail) },
    // Related books of many distinct books (no cache helps): author group then category group, cards.
    { name: 'related', description: `related books of ${sample.books.length} distinct books`, next: cycle(sample.books.map((b) => `/api/v1/books/${b.id}/related?limit=12`)) },
    { name: 'home', description: 'home page data (cached 15 s)', next: cycle(['/api/v1/books/home?status=ACTIVE&perCategory=8']) },
    { name: 'baseline', description: 'GET /api/health (one select 1): what the machine itself allows', next: cycle(['/api/health']) },
  ];
}

async function startServer(port: number, searchCache: boolean, searchIndex: boolean, extraEnv: Record<string, string> = {}, listingIndex = true): Promise<ChildProcess> {
  const dataDir = path.join(root, 'bench', '.data', 'server');
  mkdirSync(dataDir, { recursive: true });
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--conditions=@nhasach/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps', 'server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      SEARCH_CACHE: String(searchCache),
      SEARCH_INDEX: String(searchIndex),
      LISTING_INDEX: String(listingIndex),
      LOG_LEVEL: 'warn',
      // The allocator's settings of the Dockerfile and `npm start` (docs/decisions.md, "Memory flat over a day").
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '1048576',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Start-up includes migrations and, with the index on, building the search index (seconds at a million books):
  // scenarios start once /api/health/ready reports it.
  const started = Date.now();
  const deadline = started + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      const body = (await res.json()) as { data?: { searchIndex?: { books: number } | null; listingIndex?: { books: number } | null } };
      if (res.ok && (!searchIndex || body.data?.searchIndex) && (!listingIndex || body.data?.listingIndex)) {
        console.log(`server ready with its indexes in ${((Date.now() - started) / 1000).toFixed(1)} s (load average ${loadAverage()})`);
        return child;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start within 240 s');
}

/**
 * CPU time (ms) used so far by the server processes (the instances, and the load balancer with its workers) and by
 * each PostgreSQL backend of the benchmark database, read from /proc. CPU per request does not depend on how busy
 * the machine is, unlike latency: on a shared machine it is the figure to compare. (Linux only; ticks of 10 ms.)
 */
function cpuSnapshot(serverPids: number[], dbName: string): { server: number; backends: Map<string, number> } {
  const ticks = (pid: number | string) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return 0;
    }
  };
  const children = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const backends = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${dbName} `)) backends.set(pid, ticks(pid));
    } catch {
      // process ended
    }
  }
  let server = 0;
  for (const pid of serverPids) server += ticks(pid) + children(pid).reduce((sum, c) => sum + ticks(c), 0);
  return { server, backends };
}

/** CPU ms used between two snapshots; a backend that ended in between is not counted (it cannot be read). */
function cpuUsed(before: ReturnType<typeof cpuSnapshot>, after: ReturnType<typeof cpuSnapshot>) {
  let database = 0;
  for (const [pid, t] of after.backends) database += t - (before.backends.get(pid) ?? 0);
  return { server: after.server - before.server, database };
}

/** One autocannon run; percentiles are computed from every response time (autocannon reports no p95). */
function run(url: string, next: () => string, opts: { duration: number; connections: number }): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon(
      {
        url,
        connections: opts.connections,
        duration: opts.duration,
        requests: [
          {
            setupRequest: (req) => {
              req.path = next();
              return req;
            },
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        times.sort((a, b) => a - b);
        resolve({
          rps: result.requests.total / result.duration,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p99: percentile(times, 99),
          requests: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** The machine's load average (1, 5, 15 minutes): other work on a shared machine moves latency, not CPU per request. */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');

/** The server's resident memory (MB), from /proc. */
const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/**
 * Soak: `minutes` of a shopper's mix at RATE requests/s on one production server (caches on): 40 % searches
 * (distinct terms) in one stream, and in another listings 40 %, suggestions 10 %, product pages 10 %. Prints every
 * minute the server's RSS and each stream's latency, and whether the search index was rebuilt in that minute
 * (every 2 minutes in this mode instead of 30): memory must stay flat, and searches must not slow while the index
 * is rebuilt and swapped.
 */
async function soak(minutes: number, sample: Awaited<ReturnType<typeof sampleData>>) {
  const list = scenarios(sample);
  const byName = (n: string) => list.find((s) => s.name === n)!;
  const port = await freePort();
  const server = await startServer(port, true, true, { SEARCH_INDEX_REBUILD_MINUTES: '2' });
  const url = `http://127.0.0.1:${port}`;
  const readiness = async () => {
    type Ready = { data?: { searchIndex?: { builtAt: number } | null; listingIndex?: { overlay: number } | null } };
    return ((await (await fetch(`${url}/api/health/ready`)).json()) as Ready).data;
  };
  const builtAt = async () => (await readiness())?.searchIndex?.builtAt ?? 0;
  const overlay = async () => (await readiness())?.listingIndex?.overlay ?? '-';
  const writer = await bookWriter(Number(args.writes));
  try {
    const listing = byName('listing-mixed');
    await listing.prepare?.(url);
    const search = byName('search-mixed').next;
    const [suggest, detail] = [byName('suggest').next, byName('detail').next];
    let k = 0;
    const other = () => {
      const r = k++ % 6;
      return r < 4 ? listing.next() : r === 4 ? suggest() : detail();
    };
    console.log(`soak: ${minutes} min at ${RATE} req/s (40 % searches), ${args.writes} book changes/s, server pid ${server.pid}, RSS at start ${rssMb(server.pid!).toFixed(0)} MB`);
    console.log('| minute | RSS MB | searches p50 / p95 / p99 ms (req/s) | others p50 / p95 / p99 ms (req/s) | index rebuilt | listing overlay (books changed since its build) | non-2xx + errors | load average |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (let m = 1; m <= minutes; m++) {
      const before = await builtAt();
      let rebuilt = false;
      const watch = setInterval(() => {
        builtAt()
          .then((b) => {
            if (b !== before) rebuilt = true;
          })
          .catch(() => {});
      }, 2000);
      const [s, o] = await Promise.all([
        paced(url, search, { duration: 60, rate: RATE * 0.4, seed: 1000 + m }),
        paced(url, other, { duration: 60, rate: RATE * 0.6, seed: 2000 + m }),
      ]);
      clearInterval(watch);
      if ((await builtAt()) !== before) rebuilt = true;
      console.log(
        `| ${m} | ${rssMb(server.pid!).toFixed(0)} | ${fmt(s.p50)} / ${fmt(s.p95)} / ${fmt(s.p99)} (${s.rps.toFixed(0)}) | ` +
          `${fmt(o.p50)} / ${fmt(o.p95)} / ${fmt(o.p99)} (${o.rps.toFixed(0)}) | ${rebuilt ? 'yes' : 'no'} | ${await overlay()} | ` +
          `${s.non2xx + s.errors + o.non2xx + o.errors + writer.failed()} | ${loadAverage()} |`,
      );
    }
  } finally {
    await writer.stop();
    server.kill('SIGTERM');
  }
}

/**
 * Book changes at `perSecond` through the database, as orders and the back office make them (the triggers put
 * them in the indexes' feeds): a random book's stock goes down by one (back up by 20 when low), and one change in
 * ten moves its price by 1,000 đ.
 */
async function bookWriter(perSecond: number) {
  if (perSecond <= 0) return { failed: () => 0, stop: async () => {} };
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const { rows } = await pool.query<{ max: number }>('select max(id)::int as max from books');
  const maxId = rows[0]!.max;
  let failed = 0;
  let n = 0;
  const timer = setInterval(() => {
    const id = 1 + Math.floor(Math.random() * maxId);
    const query =
      n++ % 10 === 9
        ? pool.query('update books set price = case when price > 20000 then price - 1000 else price + 1000 end where id = $1', [id])
        : pool.query('update books set stock = case when stock > 5 then stock - 1 else stock + 20 end where id = $1', [id]);
    query.catch(() => failed++);
  }, 1000 / perSecond);
  return {
    failed: () => failed,
    stop: async () => {
      clearInterval(timer);
      await pool.end();
    },
  };
}

async function main() {
  await generateCatalogue({ adminUrl, databaseUrl, books: BOOKS, force: args.generate });
  const sample = await sampleData();
  if (args.soak) return soak(Number(args.soak), sample);
  const only = args.only?.split(',').map((s) => s.trim());
  const list = scenarios(sample).filter((s) => !only || only.includes(s.name));
  const dbName = new URL(databaseUrl).pathname.slice(1);
  const rows: {
    scenario: string;
    description: string;
    max: RunResult;
    single: RunResult;
    fixed: RunResult;
    cpu: { server: number; database: number };
    load: string;
  }[] = [];
  // One server per setting the scenarios ask for (search cache, search index; production: both on), each started
  // only if a scenario needs it.
  for (const [cache, index, listingIndex] of [[false, true, true], [false, false, true], [true, true, true], [false, true, false], [true, true, false]] as const) {
    const group = list.filter((s) => (s.cache ?? true) === cache && (s.index ?? true) === index && (s.listingIndex ?? true) === listingIndex);
    if (group.length === 0) continue;
    const servers: ChildProcess[] = [];
    const ports: number[] = [];
    let lb: Awaited<ReturnType<typeof startNginx>> | undefined;
    let url: string;
    let pids: number[];
    try {
      // Started one after another: instances starting together would build the same indexes at once.
      for (let i = 0; i < INSTANCES; i++) {
        ports.push(await freePort());
        servers.push(await startServer(ports[i]!, cache, index, {}, listingIndex));
      }
      if (INSTANCES > 1) {
        lb = await startNginx(ports.map((p) => `127.0.0.1:${p} max_fails=2 fail_timeout=10s`), { workerConnections: 1024 });
        url = lb.url;
      } else url = `http://127.0.0.1:${ports[0]}`;
      pids = [...servers.map((s) => s.pid!), ...(lb ? [lb.pid] : [])];
      for (const [i, s] of group.entries()) {
        await s.prepare?.(url);
        // The first scenario after a start would also measure the collection of the index build's garbage and
        // pages not yet read since the start: 10 s of warm-up for it, 3 s for the next ones.
        process.stdout.write(`${s.name}: warm-up`);
        await run(url, s.next, { duration: i === 0 ? 10 : 3, connections: 8 });
        process.stdout.write(`, max throughput ${MAX_DURATION} s`);
        const before = cpuSnapshot(pids, dbName);
        const max = await run(url, s.next, { duration: MAX_DURATION, connections: CONNECTIONS });
        const used = cpuUsed(before, cpuSnapshot(pids, dbName));
        const cpu = { server: used.server / Math.max(1, max.requests), database: used.database / Math.max(1, max.requests) };
        process.stdout.write(', service time (1 connection) 5 s');
        const single = await run(url, s.next, { duration: 5, connections: 1 });
        process.stdout.write(`, ${RATE} req/s for ${RATE_DURATION} s`);
        const fixed = await paced(url, s.next, { duration: RATE_DURATION, rate: RATE });
        const load = loadAverage();
        process.stdout.write(` (load average ${load})\n`);
        rows.push({ scenario: s.name, description: s.description, max, single, fixed, cpu, load });
      }
    } finally {
      await lb?.stop();
      for (const server of servers) server.kill('SIGTERM');
    }
  }

  const header =
    `| scenario | max req/s (${CONNECTIONS} conn) | p50 / p95 / p99 ms at max | p50 / p95 / p99 ms, 1 conn | ` +
    `p50 / p95 / p99 ms at ${RATE} req/s (open loop, Poisson arrivals; achieved) | CPU ms/request server + database | non-2xx | load average (1, 5, 15 min) |`;
  const lines = [header, '|---|---|---|---|---|---|---|---|'];
  for (const r of rows) {
    lines.push(
      `| ${r.scenario} | ${r.max.rps.toFixed(0)} | ${fmt(r.max.p50)} / ${fmt(r.max.p95)} / ${fmt(r.max.p99)} | ` +
        `${fmt(r.single.p50)} / ${fmt(r.single.p95)} / ${fmt(r.single.p99)} | ` +
        `${fmt(r.fixed.p50)} / ${fmt(r.fixed.p95)} / ${fmt(r.fixed.p99)} (${r.fixed.rps.toFixed(0)}/s) | ${r.cpu.server.toFixed(2)} + ${r.cpu.database.toFixed(2)} | ` +
        `${r.max.non2xx + r.single.non2xx + r.fixed.non2xx + r.max.errors + r.single.errors + r.fixed.errors} | ${r.load} |`,
    );
  }
  const shape = INSTANCES > 1 ? `${INSTANCES} API instances behind nginx (server CPU: instances and nginx)` : 'one API process';
  console.log(`\n${BOOKS.toLocaleString('en')} books; ${shape}; ${new Date().toISOString()}; load average at the end: ${loadAverage()}\n`);
  console.log(lines.join('\n'));
  for (const r of rows) console.log(`- ${r.scenario}: ${r.description}`);
  const out = path.join(root, 'bench', '.data', `results-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, JSON.stringify({ books: BOOKS, instances: INSTANCES, rate: RATE, connections: CONNECTIONS, rows }, null, 2));
  console.log(`\nraw results: ${path.relative(root, out)}`);
  const failed = rows.filter((r) => r.fixed.p95 >= 50);
  if (failed.length) console.log(`p95 at ${RATE} req/s is 50 ms or more for: ${failed.map((r) => r.scenario).join(', ')}`);
}

await main();

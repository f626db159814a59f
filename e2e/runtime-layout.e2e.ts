// The Docker image without Docker (none runs in CI): the Dockerfile's last stage, the image `docker build` makes,
// laid out in a temporary folder as its own lines say, from this repository once built (`npm run build`: what the
// build stage holds). Its COPY lines copy from the build context (less .dockerignore) or, `--from` the build stage,
// from the built repository; its `npm ci` installs there; its CMD starts the store with its ENV, on a free port, with
// the embedded database and the demo data. A file the server reads at run time that the Dockerfile leaves out (the
// server render, a migration, the shared package's build) fails here.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ignore from '@balena/dockerignore';
import { Cmd, Copy, DockerfileParser, Env, type Instruction } from 'dockerfile-ast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './harness.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

interface Stage {
  name: string | undefined;
  instructions: Instruction[];
}

function stagesOf(dockerfile: string): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of DockerfileParser.parse(dockerfile).getInstructions()) {
    if (instruction.getKeyword() === 'FROM') {
      const args = instruction.getArguments().map((a) => a.getValue());
      const as = args.findIndex((a) => a.toUpperCase() === 'AS');
      stages.push({ name: as >= 0 ? args[as + 1] : undefined, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

/** The stage's working directory once its lines have run (where its files are). */
function workdirOf(stage: Stage): string {
  return stage.instructions.filter((i) => i.getKeyword() === 'WORKDIR').reduce((dir, i) => path.posix.resolve(dir, i.getArgumentsContent() ?? ''), '/');
}

interface Image {
  env: Record<string, string>;
  workdir: string;
  cmd: string[];
}

/** Lays the Dockerfile's last stage out under `rootfs` (the image's `/`); returns what its container starts with. */
async function layOut(dockerfile: string, rootfs: string): Promise<Image> {
  const stages = stagesOf(dockerfile);
  const runtime = stages.at(-1);
  if (!runtime) throw new Error('the Dockerfile has no stage');
  const context = ignore().add(readFileSync(path.join(repo, '.dockerignore'), 'utf8'));
  const inContext = (file: string) => {
    const rel = path.relative(repo, file);
    return rel === '' || !context.ignores(rel);
  };
  const inImage = (file: string) => path.join(rootfs, file);
  const image: Image = { env: {}, workdir: '/', cmd: [] };

  const copy = (instruction: Copy) => {
    const from = instruction.getFromFlag()?.getValue() ?? undefined;
    const unknown = instruction.getFlags().filter((f) => !['from', 'chown', 'chmod'].includes(f.getName()));
    if (unknown.length) throw new Error(`${instruction.toString()}: flag ${unknown[0]?.getName()} is not laid out`);
    const json = instruction.getJSONStrings().map((s) => s.getJSONValue());
    const args = json.length ? json : instruction.getArguments().map((a) => a.getValue());
    const dest = args.at(-1) ?? '';
    const sources = args.slice(0, -1);
    const target = inImage(path.posix.resolve(image.workdir, dest));
    const intoFolder = dest.endsWith('/') || sources.length > 1;
    for (const source of sources) {
      if (/[*?[]/.test(source)) throw new Error(`${instruction.toString()}: wildcards are not laid out`);
      let file: string;
      if (from) {
        const stage = stages.find((s) => s.name === from);
        if (!stage) throw new Error(`${instruction.toString()}: no stage named ${from}`);
        // The build stage's working directory is this repository, built.
        const rel = path.posix.relative(workdirOf(stage), path.posix.resolve(workdirOf(stage), source));
        file = path.join(repo, rel);
        if (rel.startsWith('..') || !existsSync(file)) throw new Error(`${instruction.toString()}: ${rel} is not in the built repository (npm run build first)`);
      } else {
        file = path.join(repo, source);
        if (!existsSync(file) || !inContext(file)) throw new Error(`${instruction.toString()}: ${source} is not in the build context (.dockerignore)`);
      }
      // A folder's contents go to the destination; a file goes into it when it names a folder.
      const to = statSync(file).isDirectory() || !intoFolder ? target : path.join(target, path.basename(source));
      cpSync(file, to, { recursive: true, filter: from ? undefined : inContext });
    }
  };

  const runShell = async (script: string) => {
    for (const command of script.split('&&').map((c) => c.trim())) {
      const [program, ...args] = command.split(/\s+/);
      if (program === 'npm' && args[0] === 'ci') {
        // npm's own settings (cache, registry) carry over; this repository's package does not.
        const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_') || (k.startsWith('npm_config_') && k !== 'npm_config_local_prefix')));
        await run('npm', [...args, '--prefer-offline', '--no-audit', '--no-fund'], { cwd: inImage(image.workdir), env, maxBuffer: 64 * 1024 * 1024 });
      } else if (program === 'mkdir') {
        for (const dir of args.filter((a) => !a.startsWith('-'))) mkdirSync(inImage(path.posix.resolve(image.workdir, dir)), { recursive: true });
      } else if (program === 'chown' || command.startsWith('npm cache clean')) {
        // Owner and npm's cache: nothing the store reads.
      } else {
        throw new Error(`RUN ${command}: not laid out by e2e/runtime-layout.e2e.ts`);
      }
    }
  };

  for (const instruction of runtime.instructions) {
    const keyword = instruction.getKeyword();
    if (instruction instanceof Env) {
      for (const p of instruction.getProperties()) image.env[p.getName()] = p.getUnescapedValue() ?? '';
    } else if (keyword === 'WORKDIR') {
      image.workdir = path.posix.resolve(image.workdir, instruction.getArgumentsContent() ?? '');
      mkdirSync(inImage(image.workdir), { recursive: true });
    } else if (instruction instanceof Copy) {
      copy(instruction);
    } else if (keyword === 'RUN') {
      await runShell(instruction.getArgumentsContent() ?? '');
    } else if (instruction instanceof Cmd) {
      image.cmd = instruction.getJSONStrings().map((s) => s.getJSONValue());
      if (!image.cmd.length) throw new Error('CMD must be in exec form (JSON): node is PID 1 and receives SIGTERM');
    } else if (!['USER', 'EXPOSE', 'HEALTHCHECK', 'LABEL', 'STOPSIGNAL'].includes(keyword)) {
      throw new Error(`${keyword}: not laid out by e2e/runtime-layout.e2e.ts`);
    }
  }
  return image;
}

/** The HTML inside the page's root element (React's render), up to its own closing tag. */
function rootElement(html: string): string {
  const start = html.indexOf('<div id="root">');
  if (start < 0) return '';
  const tags = /<div\b|<\/div>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[0] === '</div>' ? -1 : 1;
    if (depth === 0) return html.slice(start + '<div id="root">'.length, m.index);
  }
  return '';
}

describe('the Docker image, laid out from the Dockerfile', () => {
  const temp = mkdtempSync(path.join(tmpdir(), 'nhasach-image-'));
  const rootfs = path.join(temp, 'rootfs');
  let image: Image;
  let server: ChildProcess | undefined;
  let baseUrl = '';
  let log = '';
  // Every module file the store loads, recorded by a loader hook (Node's module.register), to show what a
  // production start leaves out.
  const loadedList = path.join(temp, 'loaded-modules.txt');
  const recorder = path.join(temp, 'record-loaded-modules.mjs');

  beforeAll(async () => {
    image = await layOut(readFileSync(path.join(repo, 'Dockerfile'), 'utf8'), rootfs);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // The image's ENV (its paths inside the temporary folder) and nothing of this machine's but PATH.
    const env = Object.fromEntries(Object.entries(image.env).map(([k, v]) => [k, v.startsWith('/') ? path.join(rootfs, v) : v]));
    const hook = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(loadedList)}, url + '\\n');
  return next(url, context);
}`;
    writeFileSync(recorder, `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});\n`);
    const [program = '', ...args] = image.cmd;
    server = spawn(program === 'node' ? process.execPath : program, args, {
      cwd: path.join(rootfs, image.workdir),
      env: { PATH: process.env.PATH, ...env, PORT: String(port), NODE_OPTIONS: `--import=${pathToFileURL(recorder).href}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-8000));
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    const deadline = Date.now() + 240_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the store exited (${server.exitCode}) before it was ready:\n${log}`);
      const ready = await fetch(`${baseUrl}/api/health/ready`).then((r) => r.ok, () => false);
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`the store was not ready in time:\n${log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 600_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(temp, { recursive: true, force: true });
  });

  it('holds compiled JavaScript and production dependencies only', () => {
    const files = readdirSync(rootfs, { recursive: true, encoding: 'utf8' });
    // TypeScript sources (declarations are types only), and the packages that would run them.
    expect(files.filter((f) => /(?<!\.d)\.tsx?$/.test(f) && !f.includes('node_modules'))).toEqual([]);
    expect(files.filter((f) => /(^|\/)node_modules\/(tsx|typescript)$/.test(f))).toEqual([]);
  });

  it('answers ready', async () => {
    const res = await fetch(`${baseUrl}/api/health/ready`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { status: string } }).data.status).toBe('ok');
  });

  it("renders a product page on the server: the book's title is in the root element", async () => {
    const res = await fetch(`${baseUrl}/books/dac-nhan-tam`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(rootElement(await res.text())).toMatch(/<h1\b[^>]*>Đắc Nhân Tâm<\/h1>/);
  });

  it('leaves the payment sandboxes out: their paths answer 404 and their code is never loaded', async () => {
    for (const url of ['/sandbox/vnpay/pay', '/sandbox/bank']) expect((await fetch(`${baseUrl}${url}`)).status).toBe(404);
    const loaded = readFileSync(loadedList, 'utf8').split('\n');
    // The recorder sees the server's own modules (the payment providers among them)...
    expect(loaded.some((u) => u.includes('/dist/modules/payments/vnpay/'))).toBe(true);
    // ...and none of the sandboxes'.
    expect(loaded.filter((u) => /\/dist\/modules\/(vnpay|bank)-sandbox\//.test(u))).toEqual([]);
  });
});

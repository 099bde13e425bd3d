// `npm run typecheck`: each program against its own platform's types (contract/: neither DOM nor Node.js; src/: the
// browser; server/: Node.js; sw/: a service worker), and the tests and scripts, which reach into both. Two at a time
// (the machines have two cores); exits non-zero when any project has an error.
import { spawn } from 'node:child_process';

const projects = ['tsconfig.json', 'src', 'server', 'contract', 'sw'];
const run = (project) =>
  new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project, '--noEmit'], { stdio: 'inherit' });
    child.on('exit', (code) => resolve(code === 0));
  });

const queue = [...projects];
const results = [];
await Promise.all(
  [0, 1].map(async () => {
    for (let project = queue.shift(); project; project = queue.shift()) results.push([project, await run(project)]);
  }),
);
const failed = results.filter(([, ok]) => !ok).map(([p]) => p);
if (failed.length) {
  console.error(`type errors in: ${failed.join(', ')}`);
  process.exit(1);
}

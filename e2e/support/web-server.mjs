// The `webServer` of playwright.config.ts: the built server with a fresh data folder (embedded
// database), removed when Playwright stops the server at the end of the run.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const main = path.join(root, 'apps/server/dist/main.js');
if (!existsSync(main)) {
  console.error(
    `${path.relative(root, main)} is missing: run \`npm run build\` (or \`npm run test:e2e\` without SKIP_BUILD=1)`,
  );
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'vela-e2e-'));
const server = spawn(process.execPath, [main], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir },
  stdio: ['ignore', 'inherit', 'inherit'],
});
// Playwright sends SIGTERM to the whole process group; forwarding it again is harmless (the server
// shuts down once).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});

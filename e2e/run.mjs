// `npm run test:e2e`: builds (unless SKIP_BUILD=1), then drives Chromium through the user journeys
// with Playwright Test (e2e/playwright.config.ts starts the built server). Arguments go to
// `playwright test`, e.g. `npm run test:e2e -- wallet` or `-- --grep "screens in en"`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (process.env.SKIP_BUILD !== '1') {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const run = spawnSync('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);

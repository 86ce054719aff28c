// `npm run dev`: the server with reload (tsx watch) and both apps on Vite dev servers that proxy /api.
import { spawn } from 'node:child_process';

const processes = [
  { name: 'server', args: ['run', 'dev', '-w', '@app/server'] },
  { name: 'web', args: ['run', 'dev', '-w', '@app/web'] },
  { name: 'admin', args: ['run', 'dev', '-w', '@app/admin'] },
];

const children = processes.map(({ name, args }) => {
  const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line) process.stdout.write(`${prefix}${line}\n`);
    });
  }
  child.on('exit', (code) => {
    process.stdout.write(`${prefix}exited with ${code}\n`);
    shutdown();
  });
  return child;
});

function shutdown() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

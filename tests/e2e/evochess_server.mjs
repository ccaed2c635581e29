// Starts and stops `evochess serve` on a free loopback port for the end-to-end tests.
import { spawn } from 'node:child_process';

export async function startServer({ binary, dataDir, webDir, extraArgs = [] }) {
  const child = spawn(binary, ['serve', '--port', '0', '--data', dataDir, '--web', webDir, ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const address = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`evochess serve printed no address in 15 s:\n${output}`)), 15000);
    const read = (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`evochess serve exited with ${code}:\n${output}`));
    });
  });
  return {
    address,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.removeAllListeners('exit');
        child.on('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

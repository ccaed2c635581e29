// Starts and stops `evochess serve` on a free loopback port for the end-to-end tests.
import { spawn } from 'node:child_process';

// `port`: 0 for any free one.
export async function startServer({ binary, dataDir, webDir, extraArgs = [], port = 0 }) {
  const child = spawn(binary, ['serve', '--port', String(port), '--data', dataDir, '--web', webDir, ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const address = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`evochess serve printed no address in 15 s:\n${output}`)), 15000);
    const read = (chunk) => {
      output += chunk;
      // --host 0.0.0.0 listens on every address, loopback among them.
      const match = /listening on http:\/\/(?:127\.0\.0\.1|0\.0\.0\.0)(:\d+\/)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1${match[1]}`);
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

import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export interface Ran {
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs a program (never through a shell), timing it; rejects with the tail of its error output. */
export function runTimed(
  program: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(program, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-20_000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code === 0) resolve({ stdout, stderr, ms });
      else {
        const tail = stderr.trim().split('\n').slice(-3).join(' | ');
        reject(new Error(`${program} exited with ${code}: ${tail}`));
      }
    });
  });
}

import { spawn, type ChildProcess, type SpawnOptions, type StdioNull, type StdioPipe } from 'node:child_process';
import { mkdirSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PORT_OFFSET, ROOT } from './config';

/**
 * Children run in their own process groups so that stopping the stack stops their children too (the Firestore
 * emulator is a shell script around java; firebase-tools starts a runtime per function).
 */
const running = new Set<ChildProcess>();

export function startProcess(name: string, command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { stdio: 'inherit', detached: true, ...options });
  running.add(child);
  child.on('exit', () => running.delete(child));
  child.on('error', (err) => console.error(`[stack] ${name} failed to start: ${err.message}`));
  return child;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Asks every child group to stop, then kills what is still there after a grace period. */
export async function stopAll(graceMs = 8000): Promise<void> {
  const children = [...running].reverse();
  for (const child of children) signalGroup(child, 'SIGINT');
  const deadline = Date.now() + graceMs;
  while (running.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const child of running) signalGroup(child, 'SIGKILL');
}

export function waitForExit(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// One folder per stack, so stacks running side by side (STACK_PORT_OFFSET) keep their logs apart.
export const LOG_DIR = path.join(ROOT, PORT_OFFSET === 0 ? '.stack/logs' : `.stack/logs-${PORT_OFFSET}`);
let toFiles = false;

/** From now on services write their output to .stack/logs/NAME.log instead of the terminal, this run's only. */
export function quietLogs(): void {
  toFiles = true;
  rmSync(LOG_DIR, { recursive: true, force: true });
  mkdirSync(LOG_DIR, { recursive: true });
  console.log(`[stack] service logs: ${path.relative(process.cwd(), LOG_DIR)}/`);
}

/** Where a service's output goes: the terminal, or its log file when logs are quiet. */
export function logOutput(name: string): 'inherit' | number | StdioNull | StdioPipe {
  return toFiles ? openSync(path.join(LOG_DIR, `${name}.log`), 'a') : 'inherit';
}

import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/**
 * How the Functions worker processes of one local stack learn that the time machine moved, without
 * reading its pinned date from Firestore on every request (issue 16 measured that read at about a third of a warm
 * quote's CPU on this stack). The pinned date itself stays in Firestore; this is only a stamp that changes after each
 * write of it, in a file every worker of the stack reads (they share one machine).
 */
export interface ClockChangeSignal {
  /** The stamp of the last change, read now; '' when nothing changed it yet. */
  stamp(): string;
  /** A new stamp: called after the pinned date was written. */
  bump(): void;
}

/**
 * The signal of the stack whose Firestore emulator is `FIRESTORE_EMULATOR_HOST`: one file per user, emulator address
 * and project, so stacks side by side (port offsets, other users' stacks) keep their own; the user's id in the name
 * keeps another user's file, which could not be replaced, out of the way. A file left by an earlier stack of the same
 * user on the same ports is harmless: a worker process always reads the pinned date on its first request, and the
 * stamp only has to change while it lives. None without an emulator address: every request then reads the date.
 */
export function clockChangeSignal(env: NodeJS.ProcessEnv): ClockChangeSignal | null {
  const emulator = env.FIRESTORE_EMULATOR_HOST;
  if (!emulator) return null;
  const project = env.GCLOUD_PROJECT ?? 'project';
  const name = `${userInfo().uid}-${project}-${emulator}`.replace(/[^\w.-]/g, '_');
  const file = path.join(tmpdir(), `stockseer-clock-${name}`);
  return {
    stamp() {
      try {
        return readFileSync(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
        throw error;
      }
    },
    bump() {
      // Written aside and renamed: a reader sees the old stamp or the new one, never a half-written file.
      const next = `${file}.${process.pid}`;
      writeFileSync(next, randomUUID());
      renameSync(next, file);
    },
  };
}

/**
 * The parsing process (src/ingest/isolated.ts starts it, one task each): the shape checks of a
 * refresh's changed files, or a whole build. It tells its parent each file as it reads it, so a
 * file that makes it abort is named; its own heap is capped by the parent's --max-old-space-size.
 */
import { buildRelease } from './ingest/build';
import type { ParseMessage, ParseTask } from './ingest/isolated';
import { checkFiles } from './ingest/source-files';
import { watchReads } from './ingest/source-reads';

const send = (m: ParseMessage) => process.send?.(m);
const peakMb = () => process.resourceUsage().maxRSS / 1024;

/** A bound a file passed names the bound; the file is the one being read. */
const BOUND_ERRORS = new Set(['LimitExceeded', 'ZipError']);

process.once('message', async (task: ParseTask) => {
  let reading: string | null = null;
  watchReads((file) => {
    reading = file;
    send({ kind: 'reading', file });
  });
  try {
    if (task.kind === 'check') {
      for (const group of task.groups) send({ kind: 'checked', id: group.id, problems: checkFiles(task.sourcesDir, group.files) });
      send({ kind: 'done', value: null, peakMb: peakMb() });
    } else {
      const summary = await buildRelease({
        ...task.options,
        log: (line) => send({ kind: 'log', line, detail: false }),
        detail: (line) => send({ kind: 'log', line, detail: true }),
      });
      send({ kind: 'done', value: summary, peakMb: peakMb() });
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const named = err instanceof Error && BOUND_ERRORS.has(err.name) && reading && !message.includes(reading) ? `${reading}: ${message}` : message;
    send({ kind: 'error', message: named, peakMb: peakMb() });
  }
});

/**
 * Mines files on worker threads, in order: batches of files go to the
 * workers, results come back in the order the files were listed, and only a
 * few batches are in flight at once, so memory does not grow with the tree.
 * With one job, files are mined in this thread.
 *
 * A worker is this module (under tsx) or the CLI bundle (dist/errdex.mjs,
 * whose entry imports this module in a worker thread); both start serving
 * when loaded in a thread whose workerData says `errdex: "mine-worker"`.
 */
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { mineFile, type FileResult, type TreeContext } from "./mine-file";

/** One file to mine: where it is on disk, and its path in the repository. */
export interface FileJob {
  abs: string;
  filePath: string;
  /** Problems the walk met before this file (a link that loops), printed in walk order. */
  before?: string[];
}

/** Files per message to a worker. */
const BATCH = 16;
/** A tree of at most this many files is mined in this thread: starting workers would cost more than it saves. */
const SMALL_TREE = 64;
/** Batches in flight per worker. */
const AHEAD = 3;

interface Request {
  batch: number;
  files: FileJob[];
}
interface Reply {
  batch: number;
  results: FileResult[];
}

/** Mines the files in the order given, yielding each file's result. */
export async function* mineFiles(files: Iterable<FileJob>, tree: TreeContext, jobs: number): AsyncGenerator<[FileJob, FileResult]> {
  const iterator = files[Symbol.iterator]();
  const head: FileJob[] = [];
  for (let next = iterator.next(); !next.done; next = iterator.next()) {
    head.push(next.value);
    if (head.length > SMALL_TREE) break;
  }
  const all = (function* () {
    yield* head;
    for (let next = iterator.next(); !next.done; next = iterator.next()) yield next.value;
  })();
  if (jobs <= 1 || head.length <= SMALL_TREE) {
    for (const f of all) yield [f, mineFile(f.abs, f.filePath, tree)];
    return;
  }
  yield* minePooled(all, tree, jobs);
}

async function* minePooled(files: Iterable<FileJob>, tree: TreeContext, jobs: number): AsyncGenerator<[FileJob, FileResult]> {
  const workers = Array.from({ length: jobs }, () => startWorker(tree));
  const pending = new Map<number, { files: FileJob[]; results?: FileResult[] }>();
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const idle: Worker[] = [];
  for (const w of workers) {
    w.on("message", (reply: Reply) => {
      pending.get(reply.batch)!.results = reply.results;
      idle.push(w);
      wake?.();
    });
    w.on("error", (err) => {
      failure = err;
      wake?.();
    });
    idle.push(w);
  }
  const source = batches(files);
  let sent = 0;
  let next = 0;
  let done = false;
  try {
    for (;;) {
      while (!done && idle.length && sent - next < jobs * AHEAD) {
        const b = source.next();
        if (b.done) {
          done = true;
          break;
        }
        pending.set(sent, { files: b.value });
        idle.pop()!.postMessage({ batch: sent++, files: b.value } satisfies Request);
      }
      const head = pending.get(next);
      if (head?.results) {
        pending.delete(next++);
        for (let i = 0; i < head.files.length; i++) yield [head.files[i]!, head.results[i]!];
        continue;
      }
      if (done && next === sent) return;
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/** A worker running this module: the bundle directly; TypeScript source (tsx, tests) through tsx's loader. */
function startWorker(tree: TreeContext): Worker {
  const workerData = { errdex: "mine-worker", tree };
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL(import.meta.url), { workerData });
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(import.meta.url)}); });`;
  return new Worker(boot, { eval: true, workerData });
}

function* batches<T>(items: Iterable<T>): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** The worker's side: mine each batch it is sent and reply with the results. */
function serve(tree: TreeContext): void {
  parentPort!.on("message", (req: Request) => {
    const results = req.files.map((f) => mineFile(f.abs, f.filePath, tree));
    parentPort!.postMessage({ batch: req.batch, results } satisfies Reply);
  });
}

const data = workerData as { errdex?: string; tree?: TreeContext } | null;
if (!isMainThread && data?.errdex === "mine-worker" && data.tree) serve(data.tree);

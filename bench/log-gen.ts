/**
 * Deterministic synthetic logs for benchmarks and scale tests: realistic
 * noise (timestamps, rank prefixes, INFO lines, progress bars, tracebacks)
 * with rendered error messages planted at known lines.
 */
import type { ErrorRecord } from "../lib/record/schema";
import { parseTemplate, renderTemplate } from "../lib/record/message-template";
import { seeded as rng } from "../lib/testing/random";

const NOISE = [
  "[2025-06-01 10:00:{s} TP{r}] Prefill batch. #new-seq: 1, #new-token: 1024, #cached-token: 0, token usage: 0.01, #running-req: 0, #queue-req: 0",
  "[2025-06-01 10:00:{s} TP{r}] Decode batch. #running-req: 12, #token: 48213, token usage: 0.23, gen throughput (token/s): 1843.21, #queue-req: 0",
  "INFO 10-25 13:08:{s} [engine.py:{n}] Added request cmpl-{h}-0.",
  "(EngineCore_DP0 pid={n}) INFO 10-25 13:08:{s} [gpu_model_runner.py:{n}] Model loading took 14.9 GiB and {n}.2 seconds",
  'sglang-1  | INFO:     127.0.0.1:{n} - "POST /v1/chat/completions HTTP/1.1" 200 OK',
  "Loading safetensors checkpoint shards: {n}% Completed | {r}/8 [00:0{r}<00:05,  1.20it/s]",
  "2025-06-01T10:00:{s}.1234567Z ##[group]Run python -m pytest tests/ -x -q --maxfail=1",
  "[rank{r}]:[W1025 13:08:{s}.{n} ProcessGroupNCCL.cpp:{n}] Warning: TORCH_NCCL_AVOID_RECORD_STREAMS is the default now",
  "\u001b[32mINFO\u001b[0m:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
  '{"level":"info","ts":"2025-06-01T10:00:{s}Z","msg":"health check ok","latency_ms":{n}}',
  '  File "/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", line {n}, in _call_impl',
  "    return forward_call(*args, **kwargs)",
];

/** Renders a record's message with plausible values in place of its placeholders. */
export function renderMessage(r: Pick<ErrorRecord, "errorMessage">, rand: () => number): string {
  const values = ["MAMBA", "128", "float16", "'cuda:0'", "llama-3-8b", "4", "None", "torch.Size([2, 4096])"];
  const segments = parseTemplate(r.errorMessage);
  return renderTemplate(segments, values[Math.floor(rand() * values.length)]!);
}

export interface Planted {
  id: string;
  line: number;
}

/** Builds a log of about `bytes` characters with `plant` records' messages at random lines. */
export function generateLog(records: ErrorRecord[], bytes: number, plant: number, seed = 42): { log: string; planted: Planted[] } {
  const rand = rng(seed);
  const lines: string[] = [];
  const planted: Planted[] = [];
  let size = 0;
  const plantEvery = Math.max(1, Math.floor(bytes / Math.max(1, plant)));
  let nextPlant = Math.floor(plantEvery / 2);
  while (size < bytes) {
    let line: string;
    if (size >= nextPlant && planted.length < plant && records.length) {
      const r = records[Math.floor(rand() * records.length)]!;
      const msg = renderMessage(r, rand).split("\n")[0]!;
      lines.push(
        "Traceback (most recent call last):",
        `  File "/usr/local/lib/python3.10/dist-packages/${r.filePath.replace(/^python\//, "")}", line ${r.lineNumber}, in run`,
      );
      line = `${r.errorClass}: ${msg}`;
      planted.push({ id: r.id, line: lines.length + 1 });
      nextPlant += plantEvery;
    } else {
      const tpl = NOISE[Math.floor(rand() * NOISE.length)]!;
      line = tpl
        .replace(/\{s\}/g, String(10 + Math.floor(rand() * 50)))
        .replace(/\{r\}/g, String(Math.floor(rand() * 8)))
        .replace(/\{n\}/g, () => String(Math.floor(rand() * 9000) + 100))
        .replace(/\{h\}/g, Math.floor(rand() * 0xffffffff).toString(16));
    }
    lines.push(line);
    size += line.length + 1;
  }
  return { log: lines.join("\n") + "\n", planted };
}

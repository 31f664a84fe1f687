/**
 * Sibling branches of one check (lib/match/rank/siblings): an old message that a
 * branch's pattern fully matches while another branch of the same file
 * explains more of it.
 */
import { describe, expect, it } from "vitest";
import { Matcher } from "../matcher";
import { buildMatcherData } from "../data/matcher-data";
import { FIXTURE_RECORDS, R } from "../../testing/fixtures/records";
import { lookupOver, splitFiles } from "../../testing/split-files";
import type { ErrorRecord } from "../../record/schema";

const weights = (id: string, slug: string, filePath: string, errorMessage: string, messagePattern: string): ErrorRecord => ({
  ...R.noCacheMemory,
  id,
  slug,
  repo: "huggingface/transformers",
  filePath,
  errorClass: "OSError",
  errorMessage,
  messagePattern,
});
const SAFETENSORS = weights(
  "a1c3e5f7000000f6",
  "no-safetensors-file",
  "src/transformers/modeling_utils.py",
  "Error no file named {_add_variant(SAFE_WEIGHTS_NAME, variant)} found in directory {path}.",
  String.raw`Error no file named (.+?) found in directory (.+?)\.`,
);
const EITHER = weights(
  "a1c3e5f7000000f7",
  "no-weights-file",
  "src/transformers/modeling_utils.py",
  "Error no file named {_add_variant(SAFE_WEIGHTS_NAME, variant)}, or {_add_variant(WEIGHTS_NAME, variant)}, found in directory {path}.",
  String.raw`Error no file named (.+?), or (.+?), found in directory (.+?)\.`,
);
const lookup = (records: ErrorRecord[], log: string) => new Matcher(buildMatcherData([...FIXTURE_RECORDS, ...records])).lookup(log).matches;
const ask = (records: ErrorRecord[], log: string) => lookup(records, log).map((x) => [x.entry.slug, x.kind, x.confidence]);
/** An old message listing five weight files: the single-file branch's pattern takes the list as one value. */
const OLD =
  "OSError: Error no file named pytorch_model.bin, model.safetensors, tf_model.h5, model.ckpt.index or flax_model.msgpack found in directory /app/models/bert.";

describe("sibling branches of one check", () => {
  it("offers first the sibling branch of the same file that explains more of a fully matched line, and is then confident of neither", () => {
    expect(ask([SAFETENSORS, EITHER], OLD)).toEqual([
      ["no-weights-file", "similar", "medium"],
      ["no-safetensors-file", "full", "medium"],
    ]);
    const [sibling, full] = lookup([SAFETENSORS, EITHER], OLD);
    expect(full!.reasons).toContain("no-weights-file, raised in the same file, explains more of the line: maybe that branch raised it");
    expect(sibling!.reasons).toContain(
      "it explains more of the line than no-safetensors-file, raised in the same file, whose pattern matched it",
    );
  });

  it("compares a message the log wrapped over two lines as one block: the sibling's last words are on the second", () => {
    const wrapped =
      "OSError: Error no file named pytorch_model.bin, tf_model.h5, model.ckpt.index or flax_model.msgpack found in\ndirectory /media/sdb/xxx/LLama/vicuna_weights.";
    expect(ask([SAFETENSORS, EITHER], wrapped)).toEqual([
      ["no-weights-file", "similar", "medium"],
      ["no-safetensors-file", "full", "medium"],
    ]);
  });

  it("keeps the pair at one confidence, the sibling first, though the line adds a sentence neither explains", () => {
    const longer = `${OLD} Check that the path is right and that you have downloaded the model weights before loading.`;
    expect(ask([SAFETENSORS, EITHER], longer)).toEqual([
      ["no-weights-file", "similar", "medium"],
      ["no-safetensors-file", "full", "medium"],
    ]);
  });

  it("stays confident with no such sibling: alone, in another file, in a file outside the package, or a line it explains as well", () => {
    expect(ask([SAFETENSORS], OLD)).toEqual([["no-safetensors-file", "full", "high"]]);
    expect(ask([SAFETENSORS, { ...EITHER, filePath: "src/transformers/other.py" }], OLD)).toEqual([
      ["no-safetensors-file", "full", "high"],
    ]);
    // Outside the repository's package there is no package-relative file to share, over the whole data or split.
    const outside = [SAFETENSORS, EITHER].map((r) => ({ ...r, filePath: "scripts/download.py" }));
    expect(ask(outside, OLD)).toEqual([["no-safetensors-file", "full", "high"]]);
    expect(ask([SAFETENSORS, EITHER], "OSError: Error no file named model.safetensors found in directory /app/models/bert.")).toEqual([
      ["no-safetensors-file", "full", "high"],
    ]);
  });

  it("answers alike over split data", async () => {
    for (const records of [[SAFETENSORS, EITHER], [SAFETENSORS, EITHER].map((r) => ({ ...r, filePath: "scripts/download.py" }))]) {
      const data = buildMatcherData([...FIXTURE_RECORDS, ...records], "2026-01-01T00:00:00Z");
      const { lookup: split } = lookupOver(splitFiles(data, 64));
      const s = await split.run(OLD);
      const whole = new Matcher(data).lookup(OLD).matches;
      expect(s.matches.map((m) => [m.id, m.kind, m.confidence])).toEqual(whole.map((m) => [m.entry.id, m.kind, m.confidence]));
    }
  });
});

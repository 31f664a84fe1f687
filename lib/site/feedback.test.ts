import { describe, expect, it } from "vitest";
import { cutNote, fenced, fitBody, improveDraft, MAX_ISSUE_URL, newIssueUrl, wrongMatchDraft, wrongMatchText } from "./feedback";

const repo = { repo: "errdex/datasets", path: "records/{repo}.jsonl" };
const record = {
  id: "0123456789abcdef",
  repo: "vllm-project/vllm",
  slug: "cuda-oom",
  errorClass: "RuntimeError",
  errorMessage: "CUDA out of memory ({size})",
  filePath: "vllm/worker.py",
  lineNumber: 42,
  githubUrl: "https://github.com/vllm-project/vllm/blob/abc/vllm/worker.py#L40-L44",
  documentation: "Raised when the GPU runs out of memory.",
  solutions: [],
  preventionTips: ["Lower --gpu-memory-utilization."],
};

/** The title and body a new-issue URL carries, decoded. */
function decoded(url: string) {
  const u = new URL(url);
  return { origin: u.origin + u.pathname, title: u.searchParams.get("title"), body: u.searchParams.get("body") ?? "" };
}

describe("improveDraft", () => {
  it("holds the id, permalink, fields and the three sections to fill in", () => {
    const d = improveDraft(repo, record, "https://errdex.example.org/errors/vllm-project/vllm/cuda-oom", "2026-01-01T00:00:00Z");
    expect(d.title).toBe("Improve 0123456789abcdef: RuntimeError: CUDA out of memory ({size})");
    expect(d.body).toContain("- id: `0123456789abcdef`");
    expect(d.body).toContain("- permalink: https://errdex.example.org/errors/vllm-project/vllm/cuda-oom");
    expect(d.body).toContain("- dataset file: records/vllm-project/vllm.jsonl");
    expect(d.body).toContain("- dataset version: 2026-01-01T00:00:00Z");
    expect(d.body).toContain("solutions:\n(none recorded)");
    expect(d.body).toContain("preventionTips:\n- Lower --gpu-memory-utilization.");
    expect(d.body.indexOf("### A solution")).toBeLessThan(d.body.indexOf("### A prevention tip"));
    expect(d.body.indexOf("### A prevention tip")).toBeLessThan(d.body.indexOf("### What was wrong"));
  });

  it("opens in the dataset's repository with exactly that title and body", () => {
    const d = improveDraft(repo, record, "/errors/vllm-project/vllm/cuda-oom");
    const u = decoded(newIssueUrl(repo, d));
    expect(u.origin).toBe("https://github.com/errdex/datasets/issues/new");
    expect(u.title).toBe(d.title);
    expect(u.body).toBe(d.body);
  });

  it("keeps hostile record text inside a code block it cannot close", () => {
    const hostile = { ...record, errorMessage: "```\n@everyone <img src=x onerror=alert(1)> ````` [x](javascript:alert(1))" };
    const body = improveDraft(repo, hostile, "/p").body;
    const fence = /^(`{3,})text$/m.exec(body)![1]!;
    expect(fence.length).toBeGreaterThan(5);
    const inside = body.slice(body.indexOf(fence + "text"), body.lastIndexOf(fence));
    expect(inside).toContain("@everyone <img src=x onerror=alert(1)>");
  });
});

describe("fenced", () => {
  it("uses a fence longer than any backtick run in the text", () => {
    expect(fenced("plain")).toBe("```text\nplain\n```");
    expect(fenced("a ```` b")).toBe("`````text\na ```` b\n`````");
  });
});

describe("newIssueUrl: GitHub's URL limit", () => {
  it("leaves a report that fits whole", () => {
    const url = newIssueUrl(repo, { title: "t", body: "short body" });
    expect(decoded(url).body).toBe("short body");
  });

  it("cuts a long report with a note saying how much was cut, never silently, and stays under the limit", () => {
    const body = "x".repeat(20_000);
    const url = newIssueUrl(repo, { title: "t", body });
    expect(url.length).toBeLessThanOrEqual(MAX_ISSUE_URL);
    const sent = decoded(url).body;
    const kept = sent.indexOf("\n\n[errdex cut");
    expect(body.startsWith(sent.slice(0, kept))).toBe(true);
    expect(sent).toBe(sent.slice(0, kept) + cutNote(body.length - kept));
    expect(sent).toMatch(
      /\[errdex cut the last [\d,]+ characters of this report: a GitHub link carries about 8,000 bytes\. Paste the rest here if it matters\.\]$/,
    );
  });

  it("counts encoded bytes (non-ASCII text takes more room) and never splits a surrogate pair", () => {
    const body = "😀模".repeat(4000);
    const { body: sent, cut } = fitBody("errdex/datasets", { title: "t", body });
    expect(cut).toBeGreaterThan(0);
    expect(newIssueUrl(repo, { title: "t", body }).length).toBeLessThanOrEqual(MAX_ISSUE_URL);
    expect(encodeURIComponent(sent)).toBeTruthy();
  });

  it("replaces a lone surrogate instead of throwing", () => {
    expect(decoded(newIssueUrl(repo, { title: "a\ud800b", body: "c\udc00d" }))).toMatchObject({ title: "a\ufffdb", body: "c\ufffdd" });
  });
});

describe("wrong-match report", () => {
  const m = {
    id: "0123456789abcdef",
    errorClass: "RuntimeError",
    kind: "full match",
    confidence: "high",
    line: { line: 12, text: "RuntimeError: CUDA out of memory" },
    permalink: "/errors/vllm-project/vllm/cuda-oom",
    errdexVersion: "0.1.0",
    datasetVersion: "2026-01-01T00:00:00Z",
  };

  it("says the record, kind, confidence, matched line and both versions", () => {
    const t = wrongMatchText(m);
    for (const s of [
      "`0123456789abcdef`",
      "full match, high confidence",
      "Matched line 12:",
      "RuntimeError: CUDA out of memory",
      "errdex version: 0.1.0",
      "dataset version: 2026-01-01T00:00:00Z",
    ])
      expect(t).toContain(s);
  });

  it("carries the log only when asked for", () => {
    expect(wrongMatchDraft(m, "edited text").body).toBe("edited text");
    expect(wrongMatchDraft(m, "edited text", "line 1\nline 2").body).toBe(
      "edited text\n\n### The whole log\n\n```text\nline 1\nline 2\n```",
    );
    expect(wrongMatchDraft(m, "x").title).toBe("Wrong match: 0123456789abcdef (RuntimeError)");
  });
});

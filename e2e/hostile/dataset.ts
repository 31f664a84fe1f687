/**
 * The hostile dataset: records derived from data/example.json whose text
 * fields hold markup, script, `javascript:` links, template syntax,
 * right-to-left text, zero-width characters and emoji. Every script payload
 * sets `window.__pwned` (or opens a dialog) if it ever runs, so a test can
 * tell "shown as text" from "executed". The records pass validation: only
 * what the schema and checks allow is hostile (ids, repos, slugs, commits and
 * GitHub URLs keep their required forms).
 *
 * Each hostile record is there twice: the original gets a prerendered page,
 * its twin (same text, its own id, slug and first word) falls in the long
 * tail (HOSTILE_PAGE_LIMIT) and is drawn in the browser, so both ways of
 * rendering a record meet every payload. Fillers make one hostile tag span
 * two pages, so its filter renders rows from the tag's rows JSON.
 *
 * `make-dataset.ts` writes these records; the tests import them to derive
 * what each page must show.
 */
import fs from "node:fs";
import type { ErrorRecord } from "../../lib/record/schema";
import { githubUrlFor } from "../../lib/record/permalink";
import { parseTemplate } from "../../lib/record/message-template";
import { planPages } from "../../lib/site/page-plan";
import { TAG_PAGE_SIZE } from "../../lib/site/site-index";
import { HOSTILE_PAGE_LIMIT } from "./settings";

const exampleLine = JSON.parse(fs.readFileSync(new URL("../../data/example.json", import.meta.url), "utf8")) as {
  record: ErrorRecord;
  datasetVersion: string;
};
const example = exampleLine.record;

/** Markup and script a dataset may carry; each one, if run, sets window.__pwned or calls alert. */
export const PAYLOADS = {
  img: "<img src=x onerror=window.__pwned='img'>",
  closeScript: "</script><script>window.__pwned='close-script'</script>",
  breakAttr: "\"><script>window.__pwned='break-attr'</script>",
  breakSingle: "'><img src=x onerror=alert('break-single')>",
  svg: "<svg onload=window.__pwned='svg'>",
  markdownLink: "[click](javascript:window.__pwned='markdown-link')",
  markdownImage: "![x](javascript:alert('markdown-image'))",
  anchor: "<a href=\"javascript:window.__pwned='anchor'\">click me</a>",
  bareJs: "javascript:alert('bare-js')",
  mustache: "{{constructor.constructor('window.__pwned=\"mustache\"')()}}",
  templateLiteral: "${window.__pwned='template-literal'}",
  iframe: "<iframe srcdoc=\"<script>parent.__pwned='iframe'</script>\"></iframe>",
  style: "<style>body{display:none}</style>",
  base: "<base href=\"javascript:alert('base')//\">",
  metaRefresh: '<meta http-equiv="refresh" content="0;url=javascript:alert(\'meta\')">',
  details: "<details open ontoggle=window.__pwned='details'>",
} as const;

/** Text that is not markup but tests rendering: right-to-left scripts, zero-width characters, emoji. */
export const INTL = {
  arabic: "خطأ: فشل الاتصال بالخادم",
  hebrew: "שגיאה חמורה בזיכרון",
  zeroWidth: "zero\u200bwidth\u200cjoin\u200dmark\u2060word\ufeffend",
  marks: "left\u200eright\u200fmarks",
  emoji: "🔥💥🧨 👩‍💻 🏳️‍🌈 🇯🇵",
} as const;

const P = PAYLOADS;

/** Python `re` escaping of the characters that are special in a pattern. */
const escapeRe = (s: string) => s.replace(/[.^$*+?{}[\]|()\\]/g, "\\$&");

/** The pattern for a message: its literal text escaped, each `{placeholder}` a lazy group. */
export function patternFor(message: string): string {
  return parseTemplate(message)
    .map((s) => (s.kind === "text" ? escapeRe(s.value) : "(.+?)"))
    .join("");
}

/** The message as a program would print it, with every placeholder filled by `value`. */
export function rendered(message: string, value = "VALUE"): string {
  return parseTemplate(message)
    .map((s) => (s.kind === "text" ? s.value : value))
    .join("");
}

/** A snippet of `lines` lines with the error line in the middle, numbered from 40. */
function snippet(lines: string[]) {
  const sourceCodeStart = 40;
  return {
    sourceCode: lines.join("\n"),
    sourceCodeStart,
    sourceCodeEnd: sourceCodeStart + lines.length - 1,
    lineNumber: sourceCodeStart + Math.floor(lines.length / 2),
  };
}

type Spec = Omit<Partial<ErrorRecord>, "messagePattern" | "githubUrl"> & Pick<ErrorRecord, "id" | "repo" | "slug" | "errorMessage">;

/** A complete record: `base`'s fields, overridden by `spec`, with the pattern and GitHub URL made to agree. */
function hostile(spec: Spec, base: ErrorRecord = example): ErrorRecord {
  const r = { ...base, ...spec } as ErrorRecord;
  r.messagePattern = patternFor(r.errorMessage);
  r.githubUrl = githubUrlFor(r);
  return r;
}

/** The originals: each gets a prerendered page. Each message starts with a word no other record has. */
const ORIGINALS: ErrorRecord[] = [
  hostile({
    id: "0000000000000a01",
    repo: "hostile-org/xss-lab",
    slug: "img-onerror-in-every-field",
    errorClass: "XssError\"><svg onload=window.__pwned='class'>",
    errorType: "exception<img src=x onerror=window.__pwned='type'>",
    errorCode: "E<script>window.__pwned='code'</script>",
    severity: "error",
    errorMessage: `Quokka failure ${P.img} while loading {path} then ${P.closeScript} done`,
    documentation: `Documentation with ${P.img} and ${P.svg} and ${P.closeScript} inline.`,
    triggerScenarios: `Triggered when ${P.breakAttr} and ${P.breakSingle} reach the page.`,
    commonSituations: `Seen where ${P.iframe} or ${P.style} or ${P.base} sit in the text.`,
    solutions: [`Escape ${P.img} before display`, P.closeScript, P.anchor, `Run \`${P.svg}\` in a shell`],
    preventionTips: [P.details, P.metaRefresh, `Never trust ${P.breakAttr}`],
    exampleFix: `html = "${P.img}"\nprint("${P.closeScript}")\n# ${P.breakAttr}`,
    handlingStrategy: `validation<img src=x onerror=window.__pwned='handling'>`,
    validationCode: `assert "${P.svg}" not in page`,
    typeGuard: `def guard(x): return "${P.iframe}"`,
    tryCatchPattern: `try:\n    render("${P.style}")\nexcept Exception:\n    pass  # ${P.base}`,
    ...snippet([
      "def load(path):",
      `    banner = "${P.img}"`,
      `    raise XssError(f"Quokka failure ${P.img} while loading {path} then ${P.closeScript} done")`,
      `    # ${P.breakAttr}`,
      `    return "${P.svg}"`,
    ]),
    filePath: "src/<img src=x onerror=window.__pwned='path'>/xss.py",
    tags: ["hostile", P.img, "javascript:alert('tag')", "plain-tag"],
    backgroundTag: `area<svg onload=window.__pwned='area'>`,
  }),
  hostile({
    id: "0000000000000a02",
    repo: "hostile-org/xss-lab",
    slug: "markdown-javascript-links",
    errorClass: "LinkError",
    errorType: "exception",
    severity: "warning",
    errorMessage: `Wombat link ${P.markdownLink} and ${P.anchor} for {user}`,
    documentation: `Markdown links ${P.markdownLink} and images ${P.markdownImage} and a bare ${P.bareJs} stay text.`,
    triggerScenarios: `A <a href=javascript:alert('tr')>link</a> in the trigger text.`,
    commonSituations: `Autolinks such as <javascript:alert('autolink')> and https://example.com/?q=<script>window.__pwned='url'</script>.`,
    solutions: [P.markdownLink, `${P.bareJs} is not a link`, P.markdownImage],
    preventionTips: [P.anchor, `Use \`${P.markdownLink}\` only as text`],
    exampleFix: null,
    handlingStrategy: P.bareJs,
    validationCode: null,
    typeGuard: null,
    tryCatchPattern: null,
    ...snippet(["def link(user):", `    raise LinkError(f"Wombat link ${P.markdownLink} for {user}")`, "    pass"]),
    filePath: "src/links.py",
    tags: ["hostile", "markdown-link", P.markdownLink],
    backgroundTag: P.bareJs,
  }),
  hostile({
    id: "0000000000000a03",
    repo: "evil-corp/template-injection",
    slug: "template-placeholders",
    errorClass: "TemplateError",
    errorType: "exception",
    severity: "critical",
    errorMessage: `Numbat template {{7*7}} and {{constructor.constructor('window.__pwned=1')()}} for {name}`,
    documentation: `Template syntax ${P.mustache} and ${P.templateLiteral} and {{7*7}} and #{7*7} and <%= 7*7 %> stays as typed.`,
    triggerScenarios: `${P.templateLiteral} in a trigger`,
    commonSituations: `${P.mustache} in a situation`,
    solutions: [P.mustache, P.templateLiteral, "{{7*7}} ${7*7}"],
    preventionTips: [`Prevent ${P.templateLiteral}`],
    exampleFix: `t = "${P.mustache}"\ns = f"${P.templateLiteral}"`,
    handlingStrategy: null,
    validationCode: null,
    typeGuard: null,
    tryCatchPattern: null,
    ...snippet(["def render(name):", '    raise TemplateError(f"Numbat template {{7*7}} for {name}")', "    return None"]),
    filePath: "src/templates.py",
    tags: ["hostile", "{{7*7}}", "${7*7}"],
    backgroundTag: "templates",
  }),
  hostile({
    id: "0000000000000a04",
    repo: "rtl-org/bidi-zero-width",
    slug: "rtl-zero-width-emoji",
    errorClass: "UnicodeError",
    errorType: "exception",
    severity: "info",
    errorMessage: `Platypus ${INTL.arabic} ${INTL.hebrew} ${INTL.zeroWidth} ${INTL.emoji} for {key}`,
    documentation: `${INTL.arabic} — ${INTL.hebrew}. ${INTL.marks}. ${INTL.emoji}`,
    triggerScenarios: INTL.zeroWidth,
    commonSituations: `${INTL.hebrew} ${INTL.emoji}`,
    solutions: [INTL.arabic, INTL.zeroWidth, INTL.emoji],
    preventionTips: [INTL.marks],
    exampleFix: `msg = "${INTL.arabic}"  # ${INTL.emoji}`,
    handlingStrategy: INTL.hebrew,
    validationCode: null,
    typeGuard: null,
    tryCatchPattern: null,
    ...snippet(["def key(key):", `    raise UnicodeError(f"Platypus ${INTL.arabic} for {key}")`, `    return "${INTL.emoji}"`]),
    filePath: "src/unicode.py",
    tags: ["hostile", "עברית", "عربي", "emoji-🔥", "zero\u200bwidth"],
    backgroundTag: INTL.arabic,
  }),
  hostile({
    id: "0000000000000a05",
    repo: "evil-corp/template-injection",
    slug: "attribute-breakouts",
    errorClass: "BreakoutError",
    errorType: `exception"><script>window.__pwned='type2'</script>`,
    errorCode: "' onmouseover='window.__pwned=1",
    severity: "error",
    errorMessage: `Echidna breakout ${P.breakAttr} and ${P.breakSingle} for {thing}`,
    documentation: `Breaking out of attributes: ${P.breakAttr} ${P.breakSingle} " onfocus="window.__pwned='focus'" autofocus="`,
    triggerScenarios: P.style,
    commonSituations: P.metaRefresh,
    solutions: [`${P.breakAttr} first`, P.base],
    preventionTips: [P.breakSingle],
    exampleFix: `x = '${P.breakSingle}'`,
    handlingStrategy: null,
    validationCode: null,
    typeGuard: null,
    tryCatchPattern: null,
    ...snippet(["def thing(thing):", `    raise BreakoutError(f"Echidna breakout ${P.breakAttr} for {thing}")`, "    return None"]),
    filePath: `src/"><script>window.__pwned='file'</script>.py`,
    // A tag is a page address, so validation refuses "/" in one (lib/checks): this breakout closes nothing.
    tags: ["hostile", "\"><img src=x onerror=window.__pwned='break-attr-tag'>", P.svg],
    backgroundTag: P.breakAttr,
  }),
];

/** A twin's first word, by its original's. */
const TWIN_WORDS: Record<string, string> = {
  Quokka: "Kakapo",
  Wombat: "Dingo",
  Numbat: "Bilby",
  Platypus: "Cassowary",
  Echidna: "Wallaby",
};

/**
 * An original's long-tail twin: the same text under its own id, slug and first
 * word, with a hostile severity. errdex does not know it, so the twin ranks
 * after every original (and filler) for a prerendered page (lib/page-plan
 * pagePriority); the originals' severities are known ones for the same reason.
 */
function tailTwin(r: ErrorRecord): ErrorRecord {
  const [word, ...rest] = r.errorMessage.split(" ");
  return hostile(
    {
      id: r.id.replace(/a(\d\d)$/, "b$1"),
      repo: r.repo,
      slug: `${r.slug}-tail`,
      errorMessage: [TWIN_WORDS[word!], ...rest].join(" "),
      severity: "tail<img src=x onerror=window.__pwned='tail-severity'>",
    },
    r,
  );
}

/** The tag the fillers share with the first original (and its twin): more records than one tag page shows. */
export const PAGED_TAG = P.img;

/** Records that only make PAGED_TAG span two pages: in the long tail, in a repository of their own. */
const FILLERS: ErrorRecord[] = Array.from({ length: TAG_PAGE_SIZE + 1 }, (_, i) =>
  hostile({
    id: `00000000000f${i.toString(16).padStart(4, "0")}`,
    repo: "filler-org/many-records",
    slug: `filler-${i}`,
    errorClass: `FillerError<svg onload=window.__pwned='filler'>`,
    errorType: "exception",
    severity: "info",
    errorMessage: `Dugong number ${i} ${P.img} for {thing}`,
    documentation: "",
    triggerScenarios: "",
    commonSituations: "",
    solutions: [],
    preventionTips: [],
    exampleFix: null,
    handlingStrategy: null,
    validationCode: null,
    typeGuard: null,
    tryCatchPattern: null,
    ...snippet(["def filler(thing):", `    raise FillerError(f"Dugong number ${i} for {thing}")`, "    return None"]),
    filePath: "src/filler.py",
    tags: [PAGED_TAG],
    backgroundTag: "fillers",
  }),
);

/** The hostile records: every original and its twin. */
export const HOSTILE_RECORDS: ErrorRecord[] = [...ORIGINALS, ...ORIGINALS.map(tailTwin)];

/** Every record of the dataset, in file order. */
export const ALL_RECORDS: ErrorRecord[] = [...HOSTILE_RECORDS, ...FILLERS];

const plan = planPages(ALL_RECORDS, HOSTILE_PAGE_LIMIT);
/** True for a record drawn in the browser from the long tail (no prerendered page, share image or short-link file). */
export const inTail = (r: ErrorRecord) => !plan.prerendered.has(r.id);
/** The hostile records with a prerendered page. */
export const PRERENDERED = HOSTILE_RECORDS.filter((r) => !inTail(r));

/** The datasetVersion every line carries. */
export const DATASET_VERSION = exampleLine.datasetVersion;

/** The dataset as JSON Lines. */
export function hostileJsonl(): string {
  return ALL_RECORDS.map((record) => JSON.stringify({ record, datasetVersion: DATASET_VERSION })).join("\n") + "\n";
}

/**
 * The shapes of a record's identifying fields, as named regexes. Validation
 * checks records against them; every input that names a record (a previous
 * manifest, a share link) is parsed against the same ones.
 */

/** 16 lower-case hex digits: the record id. */
export const ID_RE = /^[0-9a-f]{16}$/;
/** `owner/name` as GitHub allows them (a name of only `.` or `..` would climb out of the permalink path). */
export const REPO_RE = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/(?!\.\.?$)[A-Za-z0-9._-]{1,100}$/;
/** kebab-case: lower-case words of letters and digits joined by single hyphens. */
export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A full 40-hex-digit git commit. */
export const SHA_RE = /^[0-9a-f]{40}$/;

/** ASCII character classes of the log cleaner (char codes). */

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
export function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}
export function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
export function isAlnum(c: number): boolean {
  return isLetter(c) || isDigit(c);
}
/** Characters of a "first word" (service names, levels, logger names): [A-Za-z0-9_.-]. */
export function isWordChar(c: number): boolean {
  return isAlnum(c) || c === 95 || c === 46 || c === 45;
}

/** Where each character of a cleaned line came from in the raw line (for cleanLineWithMap). */

export class Track {
  /** Raw index of each char of the current string, when not an identity shift of `base`. */
  pos: number[] | null = null;
  off = 0;
  base = 0;
  at(i: number): number {
    return this.pos ? (this.pos[this.off + i] as number) : this.base + i;
  }
  cut(k: number): void {
    if (this.pos) this.off += k;
    else this.base += k;
  }
  set(a: number[]): void {
    this.pos = a;
    this.off = 0;
  }
}

/** What every benchmark prints and writes alike: the machine it ran on, and its rows of results. */
import os from "node:os";

/** The machine, as the results files name it: cores, CPU model, Node (and anything `extra` adds). */
export function machine(extra?: string): string {
  return [`${os.cpus().length} cores`, os.cpus()[0]?.model ?? "?", `node ${process.version}`, ...(extra ? [extra] : [])].join(", ");
}

/** A table printed as it is measured and kept for the results file: `row(name, value)` prints one line of `width` names. */
export function table(width: number): { rows: [string, string][]; row: (name: string, value: string) => void } {
  const rows: [string, string][] = [];
  return {
    rows,
    row: (name, value) => {
      rows.push([name, value]);
      console.log(`${name.padEnd(width)} ${value}`);
    },
  };
}

import {parser} from "@lezer/python";
import fs from "node:fs";
const src = fs.readFileSync(process.argv[2], "utf8");
const tree = parser.parse(src);
let shown = 0;
tree.iterate({enter(n){ if (n.type.isError && shown++ < 3) { let p = n.node; const chain=[]; while (p) { chain.push(p.name); p = p.parent; } console.log(n.from, JSON.stringify(src.slice(n.from-80, n.from+20)), chain.slice(0,6).join(" < ")); } }});

import {parser} from "@lezer/python";
const src = process.argv[2];
const tree = parser.parse(src);
let depth=0;
tree.iterate({enter(n){ console.log(" ".repeat(depth*2)+n.name+(n.type.isError?"!!":""), JSON.stringify(src.slice(n.from,n.to)).slice(0,60)); depth++;}, leave(){depth--;}});

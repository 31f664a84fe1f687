// Bundle entry for public/_errdex/match-worker.js (see scripts/browser-assets.ts).
import { serve } from "../lib/match/data/match-worker";

serve(self as unknown as Parameters<typeof serve>[0]);

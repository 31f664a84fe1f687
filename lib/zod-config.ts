/**
 * Zod's global settings, applied once by whichever module is loaded first
 * (the record schema, lib/parse): English messages, since `zod/mini` ships
 * none (classic Zod set them on import), and jitless, since Zod's fast path
 * compiles code with `new Function`, which the site's CSP refuses (and
 * reports as a violation).
 */
import { config } from "zod/mini";
import en from "zod/v4/locales/en.js";

config(en());
config({ jitless: true });

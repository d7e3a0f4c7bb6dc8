// Loaded into a Chromium page by bench/pow.ts: the site's own browser solver, callable from the bench.
import { solveProof } from "../web/src/lib/proof-of-work";

Object.assign(window, { solveProof });

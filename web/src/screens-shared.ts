// The code the lazy screens share, written as one chunk. Bun's code splitting gives each module
// shared by a different set of screens a chunk of its own: /dashboard fetched seven files after the
// app's script (its own and six of 0.3-8 KB: three icons, the status badge, the account's queries,
// the social bonus), more than the six connections a browser opens to one origin over HTTP/1.1, so
// a second round trip came before its first paint; /blog fetched three in a row (the ad slot, then
// its reads, then the admin's query keys). Every lazy screen imports this file for its side
// (`import "…/screens-shared"`): the modules below are then reached from the same screens, and Bun
// writes them, with what they import, as one file (about 17 KB, 6 KB gzip). (Not a library's
// exports: lucide-react says it has no side effects, so Bun drops what no screen uses from here.)
// build.ts (checkScreenFiles) stops the build when a screen fetches more than four files.
export { Page } from "./components/Page";
export { StatusBadge } from "./components/ui/StatusBadge";
export * as account from "./features/account/api";
export { AdSlot } from "./features/ads";
export { EarnMoreTab } from "./features/social";
// (a waiting request withdrawn: the faucet page's lists and the dashboard's)
export { useWithdrawal } from "./features/faucet/components/Withdrawal";

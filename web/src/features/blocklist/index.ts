// What other features use of the block list: its query key (a cluster blocked elsewhere refreshes it)
// and a link to its form, filled.
// Its screen is routed by app/admin/Admin.tsx from its file.
export { blocklistKey } from "./api";
export { blockLink } from "./block-link";

// (The overview's wallet card is placed by app/admin/Overview.tsx from its file.)
export { useWallet, walletKey } from "./api";

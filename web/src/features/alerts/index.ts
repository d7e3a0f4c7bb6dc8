// (The overview's alerts are placed by app/admin/Overview.tsx from their file.)
export { alertsKey } from "./api";

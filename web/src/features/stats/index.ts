// What the home page uses of the stats. (The admin's chart is placed by app/admin/Overview.tsx from its file.)
export { usePayoutStats } from "./api";
export { RecentPayouts } from "./components/RecentPayouts";

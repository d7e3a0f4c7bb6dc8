// The ad slot the blog's pages show (the admin's screen is routed by app/admin/Admin.tsx from its file).
export { useAds } from "./api";
export { AdSlot } from "./components/AdSlot";

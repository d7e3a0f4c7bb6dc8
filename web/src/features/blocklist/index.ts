// Nothing of this feature is used by another: its screen is routed by app/admin/Admin.tsx from its file.
export {};

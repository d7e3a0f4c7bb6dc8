// Nothing of this feature is used by another: its screen is routed by app/admin/AdminPage.tsx from its file.
export {};

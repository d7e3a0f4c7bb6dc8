// Nothing of this feature is used by another: its section is placed on /admin/settings by app/admin/Admin.tsx from its file.
export {};

// Nothing of this feature is used by another: its section is placed on /admin/settings by app/admin/AdminPage.tsx from its file.
export {};

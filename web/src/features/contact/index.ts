// Nothing of this feature is used by another: /contact is loaded by App.tsx and the inbox routed by app/admin/Admin.tsx, each from its file.
export {};

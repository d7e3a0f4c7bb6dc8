// Nothing of this feature is used by another: the /advertise page is loaded by App.tsx and the admin's enquiries routed by app/admin/Admin.tsx, each from its file.
export {};

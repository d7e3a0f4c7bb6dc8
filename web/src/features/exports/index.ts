// Nothing of this feature is used by another: its panel is placed by app/admin/Overview.tsx from its file.
export {};

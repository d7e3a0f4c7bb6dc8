// The faucet's settings as the auto-approve section reads and writes them. (The settings form is
// routed by app/admin from its file.)
export { type SettingsChange, settingsFieldOf, settingsKey, useSettings } from "./api";
export { type Ceiling, confirmation, type Settings, settingsAfter, undoChange } from "./changes";

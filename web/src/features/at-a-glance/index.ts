// What other features use of health at a glance: the server's ceiling beside the budgets. (The
// strip is placed by the admin shell, the checklist by the overview, each from its file.)
export { healthKey, startHereKey, useHealth } from "./api";
export { CeilingNote } from "./components/CeilingNote";

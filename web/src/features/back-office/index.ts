// What the admin shell and other features use of the back office. (Its screens are routed by
// app/admin from their files.)
export { useCounts, usersKey } from "./api";

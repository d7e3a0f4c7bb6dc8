// Moved to src/modules/account (model.ts, service.ts, repository.ts). This one re-export keeps
// src/modules/rewards/service.ts compiling until it imports publicUser from modules/account/model.ts
// (or calls accounts.publicUsersByIds); delete this file then.
export { publicUser } from "../modules/account/model.ts";

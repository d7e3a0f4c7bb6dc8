// The bodies of the reset calls; their messages and errors are the account's (account/model.ts:
// SELF_SERVICE, accountErrors), which the login and settings screens share.
import { jsonBody, text } from "../../http/body.ts";
import { ANY_LENGTH, MESSAGES, SELF_SERVICE } from "../account/model.ts";

export const passwordResetBody = jsonBody({
  token: text(200, SELF_SERVICE.resetInvalid),
  newPassword: text(ANY_LENGTH, MESSAGES.password),
});
export const resetRequestBody = jsonBody({ email: text(ANY_LENGTH, MESSAGES.email) });

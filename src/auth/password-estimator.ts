// zxcvbn-ts with its dictionaries (about 1.6 MB of JavaScript, some 70 MB of memory once built):
// the server's password estimator. Its own entry point of the binary (build.ts), loaded by
// passwords.ts at the first password check, never at start.
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import { estimatorOf } from "../shared/password-rule.ts";

export const estimate = estimatorOf({ ZxcvbnFactory, common, en });

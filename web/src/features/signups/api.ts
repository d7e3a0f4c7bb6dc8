// The newsletter and earning-alerts signups the visitor's forms send. (The admin's lists are admin-api.ts.)
import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import type { Body } from "../../api/types";

// (the signup forms start their proof when focused: most visitors never use them)
const signups = {
  "/api/newsletter/signup": (body: Body<typeof api.newsletter.signup.post>) => unwrap(api.newsletter.signup.post(body)),
  "/api/earning-alerts/signup": (body: Body<(typeof api)["earning-alerts"]["signup"]["post"]>) =>
    unwrap(api["earning-alerts"].signup.post(body)),
};

export function useSignup<Path extends keyof typeof signups>(path: Path) {
  return useMutation({ mutationFn: signups[path] });
}

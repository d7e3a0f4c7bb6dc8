// Advertising: an advertiser's enquiry. (The admin's list of them is admin-api.ts.)
import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import type { Body } from "../../api/types";

// (the advertiser form starts its proof when focused: most visitors never use it)
export function useAdvertise() {
  return useMutation({
    mutationFn: (enquiry: Body<typeof api.advertising.submit.post>) => unwrap(api.advertising.submit.post(enquiry)),
  });
}

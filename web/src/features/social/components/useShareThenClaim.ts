import { useRef, useState } from "react";
import type { User } from "../../../api/types";
import { type SocialPlatform, useRecordShare } from "../api";
import { errorText } from "../../../lib/errors";
import { toast } from "../../../components/ui/use-toast";
import { t } from "../../../i18n";

// The share-then-claim flow both the dashboard and /earn-more use: a recorded share opens the claim
// form (prefilled with the user's address); a successful claim clears it and closes the form.
export function useShareThenClaim(user: User | null | undefined) {
  const recordShare = useRecordShare();
  const heading = useRef<HTMLHeadingElement>(null);
  const [shared, setShared] = useState<SocialPlatform | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [address, setAddress] = useState("");
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setFormOpen(false);
    setError(null);
    heading.current?.focus();
  };

  return {
    heading,
    shared,
    formOpen,
    address,
    error,
    setError,
    recordShare,
    changeAddress(value: string) {
      setAddress(value);
      setError(null);
    },
    // Records the share; `thanks` is the toast shown once it is recorded.
    share(platform: SocialPlatform, thanks: { title: string; description: string }) {
      recordShare.mutate(platform, {
        onSuccess: () => {
          setShared(platform);
          if (!formOpen) setAddress(user?.xrpAddress ?? "");
          setError(null);
          setFormOpen(true);
          toast(thanks);
        },
        onError: (failure) =>
          toast({ variant: "destructive", title: t("earn.toast.error"), description: errorText(failure) }),
      });
    },
    close,
    claimed() {
      setAddress("");
      setShared(null);
      close();
    },
  };
}

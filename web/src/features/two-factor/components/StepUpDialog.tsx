import * as Dialog from "@radix-ui/react-dialog";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { setStepUpHandler } from "../../../api/client";
import { Frame } from "../../../components/admin/dialogs";
import { Spinner } from "../../../components/Spinner";
import { buttonClass } from "../../../components/ui/button";
import { FormFailure } from "../../../components/ui/form-failure";
import { ApiError, errorText } from "../../../lib/errors";
import { useStepUp } from "../api";
import { CodeField } from "./TwoFactorSection";

// Step-up for money, in one place for every screen: a money action the server refuses for want of a
// fresh two-factor code (403 STEP_UP_REQUIRED: approving, paying, raising a limit, unblocking) opens
// this dialog (the client's fetcher asks it: api/client.ts); the code is sent (POST /api/user/step-up)
// and the action once more. Cancel fails the action ("Not confirmed"), which its screen shows in a toast.
export function StepUpDialog() {
  const [asked, setAsked] = useState<{ message: string; answer: (ok: boolean) => void } | null>(null);
  const pending = useRef<((ok: boolean) => void) | null>(null);
  const [code, setCode] = useState("");
  const stepUp = useStepUp();
  useEffect(() => {
    setStepUpHandler(
      (message) =>
        new Promise<boolean>((resolve) => {
          pending.current = resolve;
          setAsked({ message, answer: resolve });
        }),
    );
    return () => {
      setStepUpHandler(null);
      pending.current?.(false);
    };
  }, []);
  const finish = (ok: boolean) => {
    asked?.answer(ok);
    pending.current = null;
    setAsked(null);
    setCode("");
    stepUp.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    stepUp.mutate(code.trim(), { onSuccess: () => finish(true) });
  };
  const wrongCode = stepUp.error instanceof ApiError && (stepUp.error.code === "WRONG_CODE" || stepUp.error.code === "CODE_REQUIRED");
  return (
    <Frame
      open={asked !== null}
      onClose={() => finish(false)}
      title="Confirm with your code"
      description={<p>{asked?.message || "Enter a code from your authenticator app to confirm this."} A code counts for 5 minutes.</p>}
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <CodeField
          id="step-up-code"
          recovery
          value={code}
          error={wrongCode ? errorText(stepUp.error) : null}
          onChange={(e) => {
            setCode(e.target.value);
            stepUp.reset();
          }}
        />
        {stepUp.error !== null && !wrongCode && <FormFailure message={errorText(stepUp.error)} retry={false} busy={stepUp.isPending} />}
        <div className="flex flex-wrap justify-end gap-2">
          <Dialog.Close type="button" className={buttonClass({ variant: "outline" })}>
            Cancel
          </Dialog.Close>
          <button type="submit" className={buttonClass()} disabled={stepUp.isPending} aria-busy={stepUp.isPending}>
            {stepUp.isPending && <Spinner />}
            Confirm
          </button>
        </div>
      </form>
    </Frame>
  );
}

import * as Dialog from "@radix-ui/react-dialog";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { setStepUpHandler } from "../../../api/client";
import { useCurrentUser } from "../../../api/session";
import { Field } from "../../../components/ui/field";
import { Frame } from "../../../components/admin/dialogs";
import { Spinner } from "../../../components/Spinner";
import { buttonClass } from "../../../components/ui/button";
import { FormFailure } from "../../../components/ui/form-failure";
import { ApiError, errorText } from "../../../lib/errors";
import { useStepUp } from "../api";
import { CodeField } from "./TwoFactorSection";

// Step-up, in one place for every screen: an action the server refuses for want of a fresh two-factor
// code (403 STEP_UP_REQUIRED: approving, paying, raising or loosening a limit, unblocking, a
// password-reset link) opens this dialog (the client's fetcher asks it: api/client.ts); the code is
// sent (POST /api/user/step-up) and the action once more. An admin without two-factor sign-in (a
// sandbox server) is asked only for a reset link, and confirms it with their password. Cancel fails
// the action ("Not confirmed"), which its screen shows in a toast.
export function StepUpDialog() {
  const { data: user } = useCurrentUser();
  const withPassword = user?.twoFactor.enabled === false;
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
    stepUp.mutate(withPassword ? { password: code } : { code: code.trim() }, { onSuccess: () => finish(true) });
  };
  const wrongCode =
    stepUp.error instanceof ApiError &&
    ["WRONG_CODE", "CODE_REQUIRED", "WRONG_PASSWORD"].includes(stepUp.error.code ?? "");
  const field = {
    value: code,
    error: wrongCode ? errorText(stepUp.error) : null,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setCode(e.target.value);
      stepUp.reset();
    },
  };
  return (
    <Frame
      open={asked !== null}
      onClose={() => finish(false)}
      title={withPassword ? "Confirm with your password" : "Confirm with your code"}
      description={
        withPassword ? (
          <p>{asked?.message || "Enter your password to confirm this."} It counts for 5 minutes.</p>
        ) : (
          <p>
            {asked?.message || "Enter a code from your authenticator app to confirm this."} A code counts for 5 minutes.
          </p>
        )
      }
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        {withPassword ? (
          <Field
            id="step-up-password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            {...field}
          />
        ) : (
          <CodeField id="step-up-code" recovery {...field} />
        )}
        {stepUp.error !== null && !wrongCode && (
          <FormFailure message={errorText(stepUp.error)} retry={false} busy={stepUp.isPending} />
        )}
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

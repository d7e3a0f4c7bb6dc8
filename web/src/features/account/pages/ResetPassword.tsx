import "../../../screens-shared";
import { useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { CheckCircle2 } from "lucide-react";
import { fieldOf } from "../api";
import { checkNewPassword, NewPasswordFields, useResetPassword } from "../components/NewPasswordFields";
import { Spinner } from "../../../components/Spinner";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { NetworkFailure } from "../../../components/ui/form-failure";
import { errorText, isNetworkFailure } from "../../../lib/errors";
import { usePageTitle } from "../../../lib/usePageTitle";

const LINK_INVALID = "This reset link is invalid or has expired.";

// /reset-password?token=...: the page an admin's link or a "Forgot password?" email opens. The link
// works once, within an hour.
export default function ResetPassword() {
  usePageTitle("Reset your password");
  const token = new URLSearchParams(useLocation().search).get("token") ?? "";
  const reset = useResetPassword();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; form?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = checkNewPassword(password, confirm, "The two passwords differ");
    if (invalid) return setErrors(invalid);
    setErrors({});
    reset.mutate(
      { token, newPassword: password },
      {
        onError: (error) => {
          const field = fieldOf(error, { WEAK_PASSWORD: "password" }) ?? "form";
          setErrors({ [field]: errorText(error) });
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900">Reset your password</h1>
      <Card className="mt-6 p-6">
        {!token ? (
          <p role="alert" className="text-red-700">
            {LINK_INVALID} Ask for a new one from the{" "}
            <Link to="/login" className="font-medium underline">
              login page
            </Link>
            .
          </p>
        ) : reset.isSuccess ? (
          <div role="status" className="space-y-4">
            <p className="flex items-start gap-2 font-medium text-green-800">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              {reset.data.message}
            </p>
            <Link to="/login" className={buttonClass({ className: "w-full" })}>
              Go to login
            </Link>
          </div>
        ) : (
          <form onSubmit={submit} className="space-y-4" noValidate>
            <NewPasswordFields
              ids={{ password: "reset-password", confirm: "reset-confirm" }}
              password={password}
              confirm={confirm}
              setPassword={setPassword}
              setConfirm={setConfirm}
              errors={errors}
              setErrors={setErrors}
            />
            {errors.form && isNetworkFailure(reset.error) && (
              <NetworkFailure error={reset.error} busy={reset.isPending} />
            )}
            {errors.form && !isNetworkFailure(reset.error) && (
              <p role="alert" className="text-sm text-red-700">
                {errors.form}{" "}
                {errors.form === LINK_INVALID && (
                  <Link to="/login" className="font-medium underline">
                    Ask for a new link
                  </Link>
                )}
              </p>
            )}
            <button
              type="submit"
              disabled={reset.isPending}
              aria-busy={reset.isPending}
              className={buttonClass({ size: "lg", className: "w-full" })}
            >
              {reset.isPending && <Spinner />}
              Set new password
            </button>
          </form>
        )}
      </Card>
    </div>
  );
}

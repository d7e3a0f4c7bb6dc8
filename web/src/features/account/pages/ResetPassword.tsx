import "../../../screens-shared";
import { useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { CheckCircle2 } from "lucide-react";
import { type CodedError, fieldOf } from "../api";
import {
  checkNewPassword,
  NewPasswordFields,
  refusedPasswordText,
  useResetPassword,
} from "../components/NewPasswordFields";
import { Spinner } from "../../../components/Spinner";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { NetworkFailure } from "../../../components/ui/form-failure";
import { errorText, isNetworkFailure } from "../../../lib/errors";
import { usePageTitle } from "../../../lib/usePageTitle";
import { T, t } from "../../../i18n";

// The server's words for a used, expired or mangled link (RESET_LINK_INVALID).
const LINK_INVALID = "This reset link is invalid or has expired.";
const isLinkInvalid = (error: unknown) =>
  (error as CodedError | null)?.code === "RESET_LINK_INVALID" || (error as Error | null)?.message === LINK_INVALID;

// /reset-password?token=...: the page an admin's link or a "Forgot password?" email opens. The link
// works once, within an hour.
export default function ResetPassword() {
  usePageTitle(t("auth.reset.title"));
  const token = new URLSearchParams(useLocation().search).get("token") ?? "";
  const reset = useResetPassword();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; form?: string; linkInvalid?: boolean }>(
    {},
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = checkNewPassword(password, confirm, t("auth.reset.differ"));
    if (invalid) return setErrors(invalid);
    setErrors({});
    reset.mutate(
      { token, newPassword: password },
      {
        onError: (error) => {
          if (isLinkInvalid(error)) return setErrors({ form: t("auth.reset.linkInvalid"), linkInvalid: true });
          if (fieldOf(error, { WEAK_PASSWORD: "password" }))
            return setErrors({ password: refusedPasswordText(errorText(error), password) });
          setErrors({ form: errorText(error) });
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900">{t("auth.reset.title")}</h1>
      <Card className="mt-6 p-6">
        {!token ? (
          <p role="alert" className="text-red-700">
            <T id="auth.reset.noToken" components={{ 0: <Link to="/login" className="font-medium underline" /> }} />
          </p>
        ) : reset.isSuccess ? (
          <div role="status" className="space-y-4">
            <p className="flex items-start gap-2 font-medium text-green-800">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              {reset.data.message}
            </p>
            <Link to="/login" className={buttonClass({ className: "w-full" })}>
              {t("auth.reset.goToLogin")}
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
                {errors.linkInvalid && (
                  <Link to="/login" className="font-medium underline">
                    {t("auth.reset.askNew")}
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
              {t("auth.reset.submit")}
            </button>
          </form>
        )}
      </Card>
    </div>
  );
}

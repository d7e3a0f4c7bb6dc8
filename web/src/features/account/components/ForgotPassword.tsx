import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { fieldOf, useAuthOptions, useRequestReset } from "../api";
import { errorText, isNetworkFailure } from "../../../lib/errors";
import { useProofOfWork } from "../../../lib/proof-of-work";
import { Spinner } from "../../../components/Spinner";
import { buttonClass } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { NetworkFailure } from "../../../components/ui/form-failure";
import { t } from "../../../i18n";

function ResetRequestForm() {
  useProofOfWork("password-reset"); // a protected form: its proof is solved while it is on screen
  const request = useRequestReset();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError({});
    request.mutate(email.trim(), {
      onError: (e) => setError(fieldOf(e, { BAD_REQUEST: "field" }) ? { field: errorText(e) } : { form: errorText(e) }),
    });
  };
  if (request.isSuccess) {
    return (
      <p role="status" className="text-sm font-medium text-green-800">
        {request.data.message}
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label={t("auth.forgot.formLabel")}>
      <Field
        id="forgot-email"
        label={t("auth.forgot.email")}
        type="email"
        autoComplete="email"
        value={email}
        error={error.field}
        onChange={(e) => {
          setEmail(e.target.value);
          setError({});
        }}
      />
      {error.form && isNetworkFailure(request.error) && (
        <NetworkFailure error={request.error} busy={request.isPending} />
      )}
      {error.form && !isNetworkFailure(request.error) && (
        <p role="alert" className="text-sm text-red-700">
          {error.form}
        </p>
      )}
      <button
        type="submit"
        disabled={request.isPending}
        aria-busy={request.isPending}
        className={buttonClass({ variant: "outline", className: "w-full" })}
      >
        {request.isPending && <Spinner />}
        {t("auth.forgot.submit")}
      </button>
    </form>
  );
}

// "Forgot password?" under the login form: a form that emails a reset link when the site sends
// email, else where to turn.
export function ForgotPassword() {
  const [open, setOpen] = useState(false);
  const options = useAuthOptions();
  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="forgot-password"
        onClick={() => setOpen(!open)}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        {t("auth.forgot.toggle")}
      </button>
      {open && (
        <div id="forgot-password" className="mt-3">
          {options.isPending ? (
            <Spinner />
          ) : options.data?.mailEnabled ? (
            <ResetRequestForm />
          ) : (
            <p className="text-sm text-slate-700">
              {t("auth.forgot.contactAdmin")}{" "}
              <Link to="/contact" className="font-medium text-brand-700 underline">
                {t("auth.forgot.contactLink")}
              </Link>
            </p>
          )}
        </div>
      )}
    </div>
  );
}

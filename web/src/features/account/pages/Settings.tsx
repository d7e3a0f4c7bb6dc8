import "../../../screens-shared";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeft, CheckCircle2 } from "lucide-react";
import { useCurrentUser } from "../../../api/session";
import { errorText, isNetworkFailure } from "../../../lib/errors";
import { fieldOf, useUpdateSettings } from "../api";
import {
  checkNewPassword,
  NewPasswordFields,
  refusedPasswordText,
  useChangePassword,
} from "../components/NewPasswordFields";
import type { PasswordOwner } from "../../../../../src/shared/password-rule";
import { SessionsSection } from "../../sessions";
import { TwoFactorSection } from "../../two-factor";
import { Spinner } from "../../../components/Spinner";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { NetworkFailure } from "../../../components/ui/form-failure";
import { usePageTitle } from "../../../lib/usePageTitle";
import { t } from "../../../i18n";

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

function Submit({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy} className={buttonClass()}>
      {busy && <Spinner />}
      {label}
    </button>
  );
}

// What a form says after it worked (announced), or its error that belongs to no field (a lost
// connection with Retry, which sends the form again).
function Outcome({
  done,
  error,
  failure,
  busy,
}: {
  done: string | null;
  error: string | null;
  failure: unknown;
  busy: boolean;
}) {
  if (error && isNetworkFailure(failure)) return <NetworkFailure error={failure} busy={busy} />;
  if (error) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    );
  }
  if (!done) return null;
  return (
    <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-green-800">
      <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
      {done}
    </p>
  );
}

function PayoutAddressForm({ address, tag }: { address: string | null; tag: number | null }) {
  const update = useUpdateSettings();
  const [xrpAddress, setAddress] = useState(address ?? "");
  const [destinationTag, setTag] = useState(tag === null ? "" : String(tag));
  const [errors, setErrors] = useState<{ address?: string; tag?: string; form?: string }>({});
  const [done, setDone] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const tagText = destinationTag.trim();
    if (tagText && !/^\d{1,10}$/.test(tagText)) {
      setErrors({ tag: t("settings.address.tagInvalid", { max: "4294967295" }) });
      return;
    }
    setErrors({});
    const cleared = !xrpAddress.trim();
    update.mutate(
      { xrpAddress: cleared ? null : xrpAddress.trim(), destinationTag: tagText && !cleared ? Number(tagText) : null },
      {
        onSuccess: (user) => {
          setAddress(user.xrpAddress ?? "");
          setTag(user.destinationTag === null ? "" : String(user.destinationTag));
          setDone(user.xrpAddress ? t("settings.address.saved") : t("settings.address.removed"));
        },
        onError: (error) => {
          const field = fieldOf(error, { INVALID_ADDRESS: "address", INVALID_TAG: "tag" }) ?? "form";
          setErrors({ [field]: errorText(error) });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field
        id="settings-address"
        label={t("settings.address.label")}
        autoComplete="off"
        spellCheck={false}
        placeholder="r..."
        value={xrpAddress}
        error={errors.address}
        onChange={(e) => {
          setAddress(e.target.value);
          setErrors((old) => ({ ...old, address: undefined }));
        }}
      />
      <Field
        id="settings-tag"
        label={t("settings.address.tag")}
        inputMode="numeric"
        autoComplete="off"
        value={destinationTag}
        error={errors.tag}
        onChange={(e) => {
          setTag(e.target.value);
          setErrors((old) => ({ ...old, tag: undefined }));
        }}
      />
      <p className="text-xs text-slate-500">{t("settings.address.help")}</p>
      <Outcome done={done} error={errors.form ?? null} failure={update.error} busy={update.isPending} />
      <Submit busy={update.isPending} label={t("settings.address.submit")} />
    </form>
  );
}

// A new email needs the current password: the email is where a password-reset link goes.
function EmailForm({ email: current }: { email: string }) {
  const update = useUpdateSettings();
  const [email, setEmail] = useState(current);
  const [currentPassword, setPassword] = useState("");
  const [error, setError] = useState<{ email?: string; password?: string; form?: string }>({});
  const [done, setDone] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setError({});
    update.mutate(
      { email, currentPassword },
      {
        onSuccess: (user) => {
          setEmail(user.email);
          setPassword("");
          setDone(t("settings.email.saved"));
        },
        onError: (e) =>
          setError({ [fieldOf(e, { INVALID_EMAIL: "email", WRONG_PASSWORD: "password" }) ?? "form"]: errorText(e) }),
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field
        id="settings-email"
        label={t("settings.email.label")}
        type="email"
        autoComplete="email"
        value={email}
        error={error.email}
        onChange={(e) => {
          setEmail(e.target.value);
          setError({});
        }}
      />
      <Field
        id="settings-email-password"
        label={t("settings.email.password")}
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        error={error.password}
        onChange={(e) => {
          setPassword(e.target.value);
          setError((old) => ({ ...old, password: undefined }));
        }}
      />
      <Outcome done={done} error={error.form ?? null} failure={update.error} busy={update.isPending} />
      <Submit busy={update.isPending} label={t("settings.email.submit")} />
    </form>
  );
}

function PasswordForm({ owner }: { owner: PasswordOwner }) {
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ current?: string; password?: string; confirm?: string; form?: string }>({});
  const [done, setDone] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!currentPassword) return setErrors({ current: t("settings.password.currentRequired") });
    const invalid = checkNewPassword(newPassword, confirm, t("settings.password.differ"), owner);
    if (invalid) return setErrors(invalid);
    setErrors({});
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (answer) => {
          setCurrent("");
          setNew("");
          setConfirm("");
          setDone(answer.message);
        },
        onError: (error) => {
          const field = fieldOf(error, { WRONG_PASSWORD: "current", WEAK_PASSWORD: "password" }) ?? "form";
          const text = errorText(error);
          setErrors({ [field]: field === "password" ? refusedPasswordText(text, newPassword, owner) : text });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field
        id="settings-current-password"
        label={t("settings.password.current")}
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        error={errors.current}
        onChange={(e) => {
          setCurrent(e.target.value);
          setErrors((old) => ({ ...old, current: undefined, form: undefined }));
        }}
      />
      <NewPasswordFields
        ids={{ password: "settings-new-password", confirm: "settings-confirm-password" }}
        password={newPassword}
        confirm={confirm}
        setPassword={setNew}
        setConfirm={setConfirm}
        errors={errors}
        setErrors={setErrors}
        owner={owner}
      />
      <Outcome done={done} error={errors.form ?? null} failure={change.error} busy={change.isPending} />
      <Submit busy={change.isPending} label={t("settings.password.submit")} />
    </form>
  );
}

// /dashboard/settings: the logged-in user's payout address, email, password, two-factor sign-in and
// sessions (admins reach it from the back office's "Your account").
export default function Settings() {
  usePageTitle(t("settings.title"));
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <Link
        to={user.isAdmin ? "/admin" : "/dashboard"}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {user.isAdmin ? t("settings.backToAdmin") : t("settings.backToDashboard")}
      </Link>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900">{t("settings.title")}</h1>
      <p className="mt-1 text-slate-600">{t("settings.signedInAs", { username: user.username })}</p>
      <div className="mt-6 space-y-6">
        <Section
          id="address-heading"
          title={t("settings.address.heading")}
          description={t("settings.address.description")}
        >
          <PayoutAddressForm address={user.xrpAddress} tag={user.destinationTag} />
        </Section>
        <Section id="email-heading" title={t("settings.email.heading")} description={t("settings.email.description")}>
          <EmailForm email={user.email} />
        </Section>
        <Section
          id="password-heading"
          title={t("settings.password.heading")}
          description={t("settings.password.description")}
        >
          <PasswordForm owner={{ username: user.username, email: user.email }} />
        </Section>
        <Section
          id="two-factor-heading"
          title={t("settings.twoFactor.heading")}
          description={t("settings.twoFactor.description")}
        >
          <TwoFactorSection />
        </Section>
        <Section
          id="sessions-heading"
          title={t("settings.sessions.heading")}
          description={t("settings.sessions.description")}
        >
          <SessionsSection />
        </Section>
      </div>
    </div>
  );
}

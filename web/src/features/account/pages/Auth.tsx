import "../../../screens-shared";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Info } from "lucide-react";
import { isCodeRequired, isLoginRefused, type Registration, useLogin, useSignIn } from "../sign-in";
import { INVALID_EMAIL, isEmail } from "../../../../../src/shared/email";
import { ApiError } from "../../../lib/errors";
import { ForgotPassword } from "../components/ForgotPassword";
import { PasswordField, refusedPasswordText } from "../components/NewPasswordFields";
import { Spinner } from "../../../components/Spinner";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { NetworkFailure } from "../../../components/ui/form-failure";
import { type MessageId, T, t } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { usePageTitle } from "../../../lib/usePageTitle";
import { useSiteName } from "../../site";

type Tab = "login" | "register";

const TABS: { id: Tab; label: MessageId }[] = [
  { id: "login", label: "auth.tabs.login" },
  { id: "register", label: "auth.tabs.register" },
];

function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy} className={buttonClass({ size: "lg", className: "w-full" })}>
      {busy && <Spinner />}
      {busy ? busyLabel : label}
    </button>
  );
}

// The login's second step, for an account with two-factor sign-in: the code from the authenticator
// app, or one of the recovery codes saved when it was turned on. The server checks the password with
// the code and says the same of a wrong one and a wrong code (docs/decisions.md): once it refused
// them, the password is here too, to be typed again.
function CodeStep({
  busy,
  error,
  refused,
  password,
  onPassword,
  onSubmit,
  onBack,
}: {
  busy: boolean;
  error: unknown;
  refused: boolean;
  password: string;
  onPassword: (password: string) => void;
  onSubmit: (code: string) => void;
  onBack: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const input = useRef<HTMLInputElement>(null);
  // the field has the focus when the step opens and when the kind of code changes
  // biome-ignore lint/correctness/useExhaustiveDependencies: refocus on each change of kind
  useEffect(() => input.current?.focus(), [recovery]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code.trim());
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-labelledby="code-step-heading">
      <div>
        <h2 id="code-step-heading" className="font-semibold text-slate-900">
          {t("auth.code.heading")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {recovery ? t("auth.code.recoveryIntro") : t("auth.code.totpIntro", { issuer: "XRP Faucet" })}{" "}
          {t("auth.code.checkedTogether")}
        </p>
      </div>
      {refused && (
        <>
          <p id="code-step-refused" role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {t("auth.code.refused")}
          </p>
          <Field
            id="login-password-again"
            label={t("auth.field.password")}
            type="password"
            autoComplete="current-password"
            required
            aria-describedby="code-step-refused"
            value={password}
            onChange={(e) => onPassword(e.target.value)}
          />
        </>
      )}
      {recovery ? (
        <Field
          key="recovery"
          id="login-recovery-code"
          label={t("auth.code.recoveryLabel")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="xxxxx-xxxxx"
          required
          ref={input}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          className="font-mono"
        />
      ) : (
        <Field
          key="totp"
          id="login-code"
          label={t("auth.code.totpLabel")}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          required
          ref={input}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          className="font-mono tracking-widest"
        />
      )}
      <SubmitButton busy={busy} label={t("auth.code.submit")} busyLabel={t("auth.code.checking")} />
      <NetworkFailure error={error} busy={busy} />
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 hover:underline"
          onClick={() => {
            setRecovery(!recovery);
            setCode("");
          }}
        >
          {recovery ? t("auth.code.useApp") : t("auth.code.useRecovery")}
        </button>
        <button type="button" className="font-medium text-slate-600 hover:underline" onClick={onBack}>
          {t("auth.code.back")}
        </button>
      </div>
    </form>
  );
}

function LoginForm() {
  const login = useLogin();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  // the server asked for a second factor: the code step, sending the same username and password with the code
  const [needsCode, setNeedsCode] = useState(false);
  // the server refused the password and code sent together
  const [refused, setRefused] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ username, password }, { onError: (error) => isCodeRequired(error) && setNeedsCode(true) });
  };
  if (needsCode) {
    return (
      <CodeStep
        busy={login.isPending}
        error={login.error}
        refused={refused}
        password={password}
        onPassword={setPassword}
        onSubmit={(code) =>
          login.mutate({ username, password, code }, { onError: (error) => isLoginRefused(error) && setRefused(true) })
        }
        onBack={() => {
          setNeedsCode(false);
          setRefused(false);
          setPassword("");
          login.reset();
        }}
      />
    );
  }
  return (
    <>
      <form onSubmit={submit} className="space-y-4">
        <Field
          id="login-username"
          label={t("auth.field.username")}
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <Field
          id="login-password"
          label={t("auth.field.password")}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <SubmitButton busy={login.isPending} label={t("auth.login.submit")} busyLabel={t("auth.login.busy")} />
        <NetworkFailure error={login.error} busy={login.isPending} />
      </form>
      <ForgotPassword />
    </>
  );
}

// A password the server's rule refuses (400 WEAK_PASSWORD, with the reason)
const isWeakPassword = (error: unknown) => error instanceof ApiError && error.code === "WEAK_PASSWORD";
// An email the server refuses (400 INVALID_EMAIL, or a missing one with the same sentence)
const isBadEmail = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 400 &&
  (error.code === "INVALID_EMAIL" || error.message === INVALID_EMAIL);

// POST /api/register; a refused password or email is said under its field, any other failure in a
// toast. (Here, not in api/session.ts: only this page registers.)
const useRegister = () =>
  useSignIn(
    "register",
    t("auth.register.success"),
    (form: Registration) => form,
    (error) => isWeakPassword(error) || isBadEmail(error),
  );

function RegisterForm() {
  const register = useRegister();
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const emailField = useRef<HTMLInputElement>(null);
  // the email's error under it, with the focus (the browser's own check says it there too)
  const refuseEmail = () => {
    setEmailError(t("auth.register.invalidEmail"));
    emailField.current?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // (before the password is hashed and the anti-bot proof spent on it)
    if (!isEmail(email.trim())) return refuseEmail();
    register.mutate(
      { username, email, password },
      {
        onError: (error) => {
          if (isWeakPassword(error))
            setPasswordError(refusedPasswordText(error.message, password, { username, email }));
          else if (isBadEmail(error)) refuseEmail();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <Field
        id="register-username"
        label={t("auth.field.username")}
        autoComplete="username"
        required
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <Field
        id="register-email"
        label={t("auth.field.email")}
        type="email"
        autoComplete="email"
        required
        ref={emailField}
        value={email}
        error={emailError}
        onInvalid={(e) => {
          e.preventDefault();
          refuseEmail();
        }}
        onChange={(e) => {
          setEmail(e.target.value);
          setEmailError(null);
        }}
      />
      <PasswordField
        id="register-password"
        label={t("auth.field.password")}
        required
        owner={{ username, email }}
        value={password}
        error={passwordError}
        onChange={(value) => {
          setPassword(value);
          setPasswordError(null);
        }}
      />
      <SubmitButton busy={register.isPending} label={t("auth.register.submit")} busyLabel={t("auth.register.busy")} />
      {/* what the wait is: the server hashes the password, after the browser's proof of work */}
      {register.isPending && (
        <p role="status" className="text-sm text-slate-700">
          {t("auth.register.waiting")}
        </p>
      )}
      <NetworkFailure error={register.error} busy={register.isPending} />
    </form>
  );
}

function LoginIsOptional() {
  return (
    <aside
      aria-labelledby="login-optional"
      className="flex gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-blue-900"
    >
      <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" />
      <div>
        <h2 id="login-optional" className="font-semibold">
          {t("auth.optional.heading")}
        </h2>
        <p className="mt-1 text-sm">
          <T id="auth.optional.text" components={{ 0: <Link to="/faucet" className="font-medium underline" /> }} />
        </p>
      </div>
    </aside>
  );
}

// /login and /register: one screen with two tabs; the path picks the tab.
export default function Auth() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab: Tab = pathname === "/register" ? "register" : "login";
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ login: null, register: null });
  usePageTitle(tab === "login" ? t("auth.tabs.login") : t("auth.tabs.register"));

  const select = (next: Tab) => {
    if (next !== tab) navigate(`/${next}`, { replace: true });
    tabRefs.current[next]?.focus();
  };

  const onTabKeyDown = (event: KeyboardEvent) => {
    const other: Tab = tab === "login" ? "register" : "login";
    const next = ({ ArrowLeft: other, ArrowRight: other, Home: "login", End: "register" } as Record<string, Tab>)[
      event.key
    ];
    if (!next) return;
    event.preventDefault();
    select(next);
  };

  const siteName = useSiteName();
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("auth.welcome", { name: siteName })}</h1>
        <p className="mt-2 text-slate-600">{t("auth.tagline")}</p>
      </div>

      <div className="mt-6">
        <LoginIsOptional />
      </div>

      <Card className="mt-6 p-6">
        <div
          role="tablist"
          aria-label={t("auth.tabs.label")}
          className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1"
          onKeyDown={onTabKeyDown}
        >
          {TABS.map(({ id, label }) => (
            <button
              key={id}
              ref={(element) => {
                tabRefs.current[id] = element;
              }}
              type="button"
              role="tab"
              id={`tab-${id}`}
              aria-selected={tab === id}
              aria-controls={`panel-${id}`}
              tabIndex={tab === id ? 0 : -1}
              onClick={() => select(id)}
              className={cn(
                "rounded-md py-2 text-sm font-semibold transition-colors",
                tab === id ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
              )}
            >
              {t(label)}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="mt-6">
          {tab === "login" ? <LoginForm /> : <RegisterForm />}
        </div>
      </Card>
    </div>
  );
}

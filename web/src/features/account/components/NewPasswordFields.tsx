import { useMutation } from "@tanstack/react-query";
import {
  type ComponentProps,
  type Dispatch,
  type SetStateAction,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from "react";
import {
  type Estimator,
  estimatorOf,
  issueText,
  judgePassword,
  MIN_PASSWORD_LENGTH,
  MIN_PASSWORD_SCORE,
  PASSWORD_WARNING_IDS,
  type PasswordIssue,
  type PasswordOwner,
  type PasswordWarning,
  plainPasswordIssue,
} from "../../../../../src/shared/password-rule";
import { type MessageId, t } from "../../../i18n";
import { api } from "../../../api/client";
import { Field } from "../../../components/ui/field";
import { cn } from "../../../lib/cn";
import { withCode } from "../api";

// A new password's field with its strength hint (PasswordField: registration, the reset page, the
// settings page), the pair the reset and settings pages ask for, and the calls that send it. One
// module, so the three pages share one chunk (and none of it is in the home page's).

// The estimator, loaded once for the whole app when a new password's field is first focused or
// filled (a chunk of its own: the dictionaries are large); null until it is there, and again after a
// failed load (the next keystroke tries once more).
let loading: Promise<Estimator> | undefined;
let loaded: Estimator | null = null;
function loadEstimator(): Promise<Estimator> {
  loading ??= import("../zxcvbn").then(
    (module) => (loaded = estimatorOf(module.zxcvbnPackages)),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function useEstimator(wanted: boolean): Estimator | null {
  const [estimator, setEstimator] = useState<Estimator | null>(null);
  useEffect(() => {
    if (!wanted || estimator) return;
    let current = true;
    loadEstimator().then(
      (loaded) => current && setEstimator(() => loaded),
      () => {}, // offline: the hint says what it can without it, the server judges anyway
    );
    return () => {
      current = false;
    };
  }, [wanted, estimator]);
  return estimator;
}

const WARNING_IDS: Record<PasswordWarning, MessageId> = PASSWORD_WARNING_IDS;

// Why the rule refuses a password, in the page's language.
export function issueMessage(issue: PasswordIssue): string {
  switch (issue.kind) {
    case "tooShort":
      return t("auth.password.tooShort", { minLength: issue.minLength });
    case "tooLong":
      return t("auth.password.tooLong", { maxLength: issue.maxLength });
    case "username":
      return t("auth.password.hasUsername");
    case "email":
      return t("auth.password.hasEmail");
    case "siteName":
      return t("auth.password.siteName");
    case "guessable":
      return issue.warning
        ? t("auth.password.guessableBecause", { reason: t(WARNING_IDS[issue.warning]) })
        : t("auth.password.guessable");
  }
}

// The server's refusal of a new password (WEAK_PASSWORD) in the page's language: the same rule judged
// here, when it finds the fault the server said in English (else the server's own words).
export function refusedPasswordText(serverText: string, password: string, owner: PasswordOwner = {}): string {
  const issue = loaded ? judgePassword(password, owner, loaded).issue : plainPasswordIssue(password, owner);
  return issue && issueText(issue) === serverText ? issueMessage(issue) : serverText;
}

type Tone = "neutral" | "weak" | "good";
const TONES: Record<Tone, string> = { neutral: "text-slate-600", weak: "text-amber-800", good: "text-green-800" };
const BARS: Record<Tone, string> = { neutral: "bg-slate-300", weak: "bg-amber-600", good: "bg-green-700" };

// What the hint under a new password says while it is typed: the server's rule in its own words.
function hintFor(
  password: string,
  owner: PasswordOwner,
  estimate: Estimator | null,
): { tone: Tone; text: string; score: number | null } {
  if (!password)
    return {
      tone: "neutral",
      text: t("auth.password.hint", { minLength: MIN_PASSWORD_LENGTH }),
      score: null,
    };
  const plain = plainPasswordIssue(password, owner);
  if (plain) return { tone: "neutral", text: issueMessage(plain), score: null };
  if (!estimate) return { tone: "neutral", text: t("auth.password.checking"), score: null };
  const { issue, score } = judgePassword(password, owner, estimate);
  if (issue) return { tone: "weak", text: issueMessage(issue), score };
  return {
    tone: "good",
    text: score !== null && score > MIN_PASSWORD_SCORE ? t("auth.password.strong") : t("auth.password.good"),
    score,
  };
}

type PasswordFieldProps = Omit<ComponentProps<typeof Field>, "type" | "value" | "onChange"> & {
  value: string;
  onChange: (value: string) => void;
  // whose password it is, as far as the form knows (the rule refuses their username and email)
  owner?: PasswordOwner;
};

// A new password's field with its strength hint under it, updated as it is typed (announced politely
// to screen readers). An error (the server's refusal) takes the hint's place until the field changes.
export function PasswordField({ id, value, onChange, owner = {}, error, ...field }: PasswordFieldProps) {
  const [focused, setFocused] = useState(false);
  const estimator = useEstimator(focused || value !== "");
  const typed = useDeferredValue(value);
  const { username, email } = owner;
  const hint = useMemo(() => hintFor(typed, { username, email }, estimator), [typed, username, email, estimator]);
  const hintId = `${id}-hint`;
  return (
    <div className="space-y-1.5">
      <Field
        {...field}
        id={id}
        type="password"
        autoComplete="new-password"
        value={value}
        error={error}
        aria-describedby={error ? `${id}-error` : hintId}
        onFocus={() => setFocused(true)}
        onChange={(e) => onChange(e.target.value)}
      />
      {!error && (
        <div>
          {hint.score !== null && (
            <div
              aria-hidden="true"
              className="mb-1.5 grid grid-cols-4 gap-1"
              data-testid="password-meter"
              data-score={hint.score}
            >
              {[1, 2, 3, 4].map((bar) => (
                <span
                  key={bar}
                  className={cn(
                    "h-1.5 rounded-full",
                    bar <= Math.max(1, hint.score ?? 0) ? BARS[hint.tone] : "bg-slate-200",
                  )}
                />
              ))}
            </div>
          )}
          <p id={hintId} aria-live="polite" className={cn("text-sm", TONES[hint.tone])}>
            {hint.text}
          </p>
        </div>
      )}
    </div>
  );
}

export type NewPasswordErrors = { password?: string; confirm?: string };

// A new password typed twice, checked before it is sent as far as the rule goes without its
// estimator (length, the owner's name; the server judges the rest): the error for one of the two
// fields, or null. `differ` is what the form says when the two are not the same.
export function checkNewPassword(
  password: string,
  confirm: string,
  differ: string,
  owner: PasswordOwner = {},
): NewPasswordErrors | null {
  const problem = plainPasswordIssue(password, owner);
  if (problem) return { password: issueMessage(problem) };
  if (confirm !== password) return { confirm: differ };
  return null;
}

type Props<E extends NewPasswordErrors> = {
  ids: { password: string; confirm: string };
  password: string;
  confirm: string;
  setPassword: (value: string) => void;
  setConfirm: (value: string) => void;
  // The form's errors: typing in a field clears that field's error.
  errors: E;
  setErrors: Dispatch<SetStateAction<E>>;
  // whose password it is, when the page knows (the settings page)
  owner?: PasswordOwner;
};

// "New password" (with its strength hint) and "New password again", the pair the reset page and the
// settings page ask for.
export function NewPasswordFields<E extends NewPasswordErrors>({
  ids,
  password,
  confirm,
  setPassword,
  setConfirm,
  errors,
  setErrors,
  owner,
}: Props<E>) {
  return (
    <>
      <PasswordField
        id={ids.password}
        label={t("auth.password.new")}
        owner={owner}
        value={password}
        error={errors.password}
        onChange={(value) => {
          setPassword(value);
          setErrors((old) => ({ ...old, password: undefined }));
        }}
      />
      <Field
        id={ids.confirm}
        label={t("auth.password.again")}
        type="password"
        autoComplete="new-password"
        value={confirm}
        error={errors.confirm}
        onChange={(e) => {
          setConfirm(e.target.value);
          setErrors((old) => ({ ...old, confirm: undefined }));
        }}
      />
    </>
  );
}

// POST /api/user/password and POST /api/password-reset (a refused new password: WEAK_PASSWORD, for the field).
export function useChangePassword() {
  return useMutation({
    mutationFn: (form: { currentPassword: string; newPassword: string }) => withCode(api.user.password.post(form)),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (form: { token: string; newPassword: string }) => withCode(api["password-reset"].post(form)),
  });
}

// Two-factor sign-in on the settings page (and the back office's setup screen, for an admin who must
// have it): set it up (the password, or for an admin of a server paying real XRP the setup code
// --seed-admin printed on the server's console; then a QR code, the key as text, the first code), the
// ten recovery codes shown once (copy, download, "I saved them"), then its status with new recovery
// codes and turning it off, each with a current code.
import { CheckCircle2, Copy, Download, ShieldCheck, ShieldOff } from "lucide-react";
import { useState, type ChangeEvent, type ComponentProps, type FormEvent } from "react";
import { useCurrentUser } from "../../../api/session";
import { useSiteName } from "../../site";
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useMustKeepTwoFactor,
  useRenewRecoveryCodes,
  useTwoFactorChanged,
  useTwoFactorSetup,
} from "../api";
import { ApiError, errorText, isNetworkFailure } from "../../../lib/errors";
import { saveFile } from "../../../lib/download-link";
import { Spinner } from "../../../components/Spinner";
import { buttonClass } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { FormFailure } from "../../../components/ui/form-failure";

// The refusals that belong under the code field (or, setting up, under the password or setup code);
// any other is the form's.
const fieldError = (codes: Set<string>) => (error: unknown) =>
  error instanceof ApiError && error.code !== null && codes.has(error.code) ? errorText(error) : null;
const codeError = fieldError(new Set(["WRONG_CODE", "CODE_REQUIRED"]));
const proofError = fieldError(new Set(["WRONG_PASSWORD", "WRONG_SETUP_CODE", "SETUP_CODE_REQUIRED"]));
const formError = (error: unknown, ofField = codeError) =>
  error && !ofField(error) && !isNetworkFailure(error) ? errorText(error) : null;

// A field for a code from the authenticator app (or, where `recovery`, a recovery code as well).
export function CodeField({
  recovery = false,
  label,
  ...props
}: Omit<ComponentProps<typeof Field>, "label"> & { recovery?: boolean; label?: string }) {
  return (
    <Field
      label={
        label ??
        (recovery ? "Code from your authenticator app, or a recovery code" : "Code from your authenticator app")
      }
      inputMode={recovery ? "text" : "numeric"}
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      placeholder={recovery ? "123456 or xxxxx-xxxxx" : "123456"}
      className="font-mono tracking-wider"
      {...props}
    />
  );
}

// Copies text; on a page without the clipboard API (plain HTTP) through a selected, hidden text area.
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused: try the old way
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const done = document.execCommand("copy");
  area.remove();
  return done;
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <>
      <button
        type="button"
        className={buttonClass({ variant: "outline", size: "sm" })}
        onClick={() => void copyText(text).then(setCopied)}
      >
        <Copy aria-hidden="true" className="h-4 w-4" />
        {label}
      </button>
      <span role="status" className="text-sm text-slate-600">
        {copied === true ? "Copied." : copied === false ? "Could not copy: select the text and copy it." : ""}
      </span>
    </>
  );
}

function Busy({ busy, label, className }: { busy: boolean; label: string; className?: string }) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy} className={buttonClass({ className })}>
      {busy && <Spinner />}
      {label}
    </button>
  );
}

// The ten recovery codes, once: each logs in once instead of a code from the app.
function RecoveryCodes({ codes, username, onSaved }: { codes: string[]; username: string; onSaved: () => void }) {
  const text = codes.join("\n");
  const site = useSiteName();
  const download = () => {
    const file = `${site} recovery codes for ${username}\nEach code works once, instead of a code from your authenticator app.\n\n${text}\n`;
    saveFile(new Blob([file], { type: "text/plain" }), `xrp-faucet-recovery-codes-${username}.txt`);
  };
  return (
    <section className="space-y-4" aria-labelledby="recovery-codes-heading">
      <h3 id="recovery-codes-heading" className="font-semibold text-slate-900">
        Save your recovery codes
      </h3>
      <p className="text-sm text-slate-700">
        If you lose your phone, each of these codes logs you in once instead of a code from the app. Keep them somewhere
        safe, apart from your phone: they are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton text={text} label="Copy codes" />
        <button type="button" className={buttonClass({ variant: "outline", size: "sm" })} onClick={download}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Download as .txt
        </button>
      </div>
      <button type="button" className={buttonClass()} onClick={onSaved}>
        <CheckCircle2 aria-hidden="true" className="h-4 w-4" />I saved them
      </button>
    </section>
  );
}

// Off: "Set up", with the password (a stolen session cannot turn it on with someone else's app), or for
// an admin of a server paying real XRP the console's setup code (`needsSetupCode`: a password alone
// does not make such an admin), shows the QR code and the key; the first code from the app turns it on.
function SetUp({ onEnabled, needsSetupCode }: { onEnabled: (codes: string[]) => void; needsSetupCode: boolean }) {
  const setup = useTwoFactorSetup();
  const enable = useEnableTwoFactor();
  // (the authenticator app names the site by it: the setup's issuer)
  const site = useSiteName();
  const [code, setCode] = useState("");
  const [proof, setProof] = useState("");
  const secret = setup.data?.secret ?? "";
  if (!setup.data) {
    const start = () => setup.mutate(needsSetupCode ? { setupCode: proof.trim() } : { password: proof });
    const proofField = {
      value: proof,
      error: proofError(setup.error),
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        setProof(e.target.value);
        setup.reset();
      },
    };
    return (
      <form
        className="space-y-3"
        noValidate
        aria-label="Set up two-factor sign-in"
        onSubmit={(event) => {
          event.preventDefault();
          start();
        }}
      >
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-slate-900">Off.</span> Turn it on and logging in asks for your password
          and a code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password,
          Authy, ...).
        </p>
        {needsSetupCode ? (
          <>
            <p className="text-sm text-slate-700">
              Enter the setup code that <code className="font-mono">--seed-admin</code> printed on the server's console
              when your admin account was made or reset. It works once, within 24 hours; the operator prints a new one
              by running <code className="font-mono">--seed-admin</code> again.
            </p>
            <Field
              id="two-factor-setup-code"
              label="Setup code from the server's console"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="xxxx-xxxx-xxxx-xxxx"
              className="font-mono tracking-wider"
              {...proofField}
            />
          </>
        ) : (
          <Field
            id="two-factor-setup-password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            {...proofField}
          />
        )}
        {formError(setup.error, proofError) && (
          <FormFailure message={formError(setup.error, proofError)!} retry={false} busy={setup.isPending} />
        )}
        {isNetworkFailure(setup.error) && (
          <FormFailure message={errorText(setup.error)} retry busy={setup.isPending} onRetry={start} />
        )}
        <button type="submit" className={buttonClass()} disabled={setup.isPending} aria-busy={setup.isPending}>
          {setup.isPending ? <Spinner /> : <ShieldCheck aria-hidden="true" className="h-4 w-4" />}
          Set up
        </button>
      </form>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code.trim(), { onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes) });
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <ol className="space-y-4 text-sm text-slate-700">
        <li>
          <p className="font-medium text-slate-900">1. Scan this QR code with your authenticator app.</p>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qrSvg)}`}
            alt={`QR code to add ${site} to your authenticator app`}
            className="mt-2 h-48 w-48 rounded-lg border border-slate-200 bg-white p-1"
          />
        </li>
        <li>
          <p className="font-medium text-slate-900">2. Or, without a camera, enter this key in the app.</p>
          <p className="mt-2 rounded-lg bg-slate-50 p-3 font-mono text-base break-all text-slate-900">
            <span className="sr-only">Key: </span>
            <span data-testid="two-factor-secret">{secret.match(/.{1,4}/g)?.join(" ")}</span>
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <CopyButton text={secret} label="Copy key" />
          </div>
        </li>
        <li>
          <p className="font-medium text-slate-900">3. Enter the 6-digit code the app shows.</p>
        </li>
      </ol>
      <CodeField
        id="two-factor-enable-code"
        label="Code from the app"
        value={code}
        error={codeError(enable.error)}
        onChange={(e) => {
          setCode(e.target.value);
          enable.reset();
        }}
      />
      {formError(enable.error) && (
        <FormFailure message={formError(enable.error)!} retry={false} busy={enable.isPending} />
      )}
      {isNetworkFailure(enable.error) && (
        <FormFailure message={errorText(enable.error)} retry busy={enable.isPending} />
      )}
      <div className="flex flex-wrap gap-2">
        <Busy busy={enable.isPending} label="Turn on" />
        <button
          type="button"
          className={buttonClass({ variant: "outline" })}
          onClick={() => {
            setup.reset();
            enable.reset();
            setCode("");
            setProof("");
          }}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

type Step = "renew" | "disable" | null;

// On: the recovery codes left, new ones, turning it off (each with a current code).
function Status({
  left,
  mustKeep,
  onCodes,
  onOff,
}: {
  left: number;
  mustKeep: boolean;
  onCodes: (codes: string[]) => void;
  onOff: (message: string) => void;
}) {
  const [step, setStep] = useState<Step>(null);
  const [code, setCode] = useState("");
  const renew = useRenewRecoveryCodes();
  const disable = useDisableTwoFactor();
  const action = step === "disable" ? disable : renew;
  const open = (next: Step) => {
    setStep(next);
    setCode("");
    renew.reset();
    disable.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === "renew") renew.mutate(code.trim(), { onSuccess: ({ recoveryCodes }) => onCodes(recoveryCodes) });
    else disable.mutate(code.trim(), { onSuccess: ({ message }) => onOff(message) });
  };
  return (
    <div className="space-y-4">
      <p className="flex items-start gap-2 text-sm text-slate-700">
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-green-700" />
        <span>
          <span className="font-semibold text-green-800">On.</span> Logging in asks for a code from your authenticator
          app.{" "}
          <span className={left <= 3 ? "font-medium text-amber-800" : undefined} data-testid="recovery-codes-left">
            {left === 0
              ? "You have no recovery codes left: make new ones."
              : `You have ${left} recovery ${left === 1 ? "code" : "codes"} left.`}
          </span>
        </span>
      </p>
      {mustKeep && (
        <p className="text-sm text-slate-600">
          This server pays real XRP, so its admins must keep two-factor sign-in on.
        </p>
      )}
      {step === null ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass({ variant: "outline" })} onClick={() => open("renew")}>
            New recovery codes
          </button>
          {!mustKeep && (
            <button type="button" className={buttonClass({ variant: "outline" })} onClick={() => open("disable")}>
              <ShieldOff aria-hidden="true" className="h-4 w-4" />
              Turn off
            </button>
          )}
        </div>
      ) : (
        <form
          onSubmit={submit}
          className="space-y-4 rounded-lg border border-slate-200 p-4"
          noValidate
          aria-label={step === "renew" ? "New recovery codes" : "Turn off two-factor sign-in"}
        >
          <p className="text-sm text-slate-700">
            {step === "renew"
              ? "Ten new codes replace the ones you have: the old ones stop working."
              : "Logging in will ask for your password only."}{" "}
            Enter a code to confirm.
          </p>
          <CodeField
            id="two-factor-confirm-code"
            recovery
            value={code}
            error={codeError(action.error)}
            onChange={(e) => {
              setCode(e.target.value);
              action.reset();
            }}
          />
          {formError(action.error) && (
            <FormFailure message={formError(action.error)!} retry={false} busy={action.isPending} />
          )}
          {isNetworkFailure(action.error) && (
            <FormFailure message={errorText(action.error)} retry busy={action.isPending} />
          )}
          <div className="flex flex-wrap gap-2">
            <Busy
              busy={action.isPending}
              label={step === "renew" ? "Make new codes" : "Turn off"}
              className={step === "disable" ? "bg-red-700 hover:bg-red-800" : undefined}
            />
            <button type="button" className={buttonClass({ variant: "outline" })} onClick={() => open(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

// The section's content: the recovery codes while they are shown, else the status or the setup.
export function TwoFactorSection() {
  const { data: user } = useCurrentUser();
  const mustKeep = useMustKeepTwoFactor();
  const changed = useTwoFactorChanged();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!user) return null;
  // (the user is reread once the codes are put away: an admin's setup screen gives way to the back office then)
  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        username={user.username}
        onSaved={() => {
          setCodes(null);
          setDone("Two-factor sign-in is on.");
          void changed();
        }}
      />
    );
  }
  const show = (next: string[]) => {
    setDone(null);
    setCodes(next);
  };
  return (
    <div className="space-y-4">
      {user.twoFactor.enabled ? (
        <Status
          left={user.twoFactor.recoveryCodesLeft}
          mustKeep={mustKeep}
          onCodes={show}
          onOff={(message) => setDone(message)}
        />
      ) : (
        <SetUp onEnabled={show} needsSetupCode={user.twoFactor.setupRequired} />
      )}
      {done && (
        <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-green-800">
          <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
          {done}
        </p>
      )}
    </div>
  );
}

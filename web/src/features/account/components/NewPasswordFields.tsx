import type { Dispatch, SetStateAction } from "react";
import { Field } from "../../../components/ui/field";

export type NewPasswordErrors = { password?: string; confirm?: string };

// A new password typed twice, checked before it is sent: the error for one of the two fields, or
// null. `differ` is what the form says when the two are not the same.
export function checkNewPassword(password: string, confirm: string, differ: string): NewPasswordErrors | null {
  if (password.length < 8) return { password: "Password must be at least 8 characters" };
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
};

// "New password" and "New password again", the pair the reset page and the settings page ask for.
export function NewPasswordFields<E extends NewPasswordErrors>({ ids, password, confirm, setPassword, setConfirm, errors, setErrors }: Props<E>) {
  return (
    <>
      <Field
        id={ids.password}
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        onChange={(e) => {
          setPassword(e.target.value);
          setErrors((old) => ({ ...old, password: undefined }));
        }}
      />
      <Field
        id={ids.confirm}
        label="New password again"
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

/** The frame of the public sign-in screens: a drawn background and one card in the middle. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonSpinner, FormKit } from '../../shared/form/form-kit';
import { BrandMark } from '../../shared/ui/brand-mark';
import './auth.css';

/** `brand`: whose screen this is (the institute's name on an invitation); the product's otherwise. */
export function AuthLayout({
  variant = 'login',
  brand = 'Registrar',
  children,
}: {
  variant?: 'login' | 'lock';
  brand?: string;
  children: ReactNode;
}) {
  return (
    <div className={`auth-page auth-page--${variant}`}>
      <main className="auth-card" id="main-content">
        <p className="auth-brand">
          <BrandMark />
          {brand}
        </p>
        <FormKit prefix="auth">{children}</FormKit>
      </main>
    </div>
  );
}

/** A sign-in form's submit button: a spinner in it and `busyLabel` read out while the request runs. */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <>
      <button type="submit" className="auth-button" aria-disabled={busy || undefined}>
        {busy && <ButtonSpinner />}
        {children}
      </button>
      <BusyStatus busy={busy} label={busyLabel} />
    </>
  );
}

/** A polite live region read out while a request runs ('Signing in…'). */
function BusyStatus({ busy, label }: { busy: boolean; label: string }) {
  return (
    <p role="status" className="visually-hidden">
      {busy ? label : ''}
    </p>
  );
}

/** The way back from the password screens. */
export function BackToLogin() {
  return (
    <p className="auth-row auth-row--center">
      <Link to="/login">Back to Login</Link>
    </p>
  );
}

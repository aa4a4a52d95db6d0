/** The frame of the public sign-in screens: a drawn background and one card in the middle. */
import type { ReactNode } from 'react';
import { FormKit } from '../../shared/form/form-kit';
import './auth.css';

export function AuthLayout({ variant = 'login', children }: { variant?: 'login' | 'lock'; children: ReactNode }) {
  return (
    <div className={`auth-page auth-page--${variant}`}>
      <main className="auth-card" id="main-content">
        <p className="auth-brand">
          <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <path
              fill="#fff"
              d="M16 7 4 13l12 6 9-4.5V21h2v-7.5L16 7Zm-7 9.8V21c0 1.7 3.1 4 7 4s7-2.3 7-4v-4.2l-7 3.5-7-3.5Z"
            />
          </svg>
          Registrar
        </p>
        <FormKit prefix="auth">{children}</FormKit>
      </main>
    </div>
  );
}

/** A polite live region read out while a request runs ('Signing in…'). */
export function BusyStatus({ busy, label }: { busy: boolean; label: string }) {
  return (
    <p role="status" className="visually-hidden">
      {busy ? label : ''}
    </p>
  );
}

/**
 * The deploy-time manifest the server serves (/remotes.json): where each remote lives (the shell loads them), and the
 * academy's contact details (the login page, the student's contact page).
 */
import { useEffect, useState } from 'react';

export type RemoteName = 'student_app' | 'institute_app' | 'admin_app';

export interface RuntimeConfig {
  remotes: Record<RemoteName, string>;
  contact: { phone: string; social: string };
}

let pending: Promise<RuntimeConfig> | null = null;

export function getRuntimeConfig(): Promise<RuntimeConfig> {
  // index.html's inline script asked for it before any bundle ran: its answer is used once; a retry asks again.
  const early = (window as { __epsConfig?: Promise<RuntimeConfig> }).__epsConfig;
  if (early) {
    delete (window as { __epsConfig?: unknown }).__epsConfig;
    pending ??= early.catch((e: unknown) => {
      pending = null;
      throw e;
    });
  }
  pending ??= fetch('/remotes.json', { cache: 'no-cache' })
    .then((r) => {
      if (!r.ok) throw new Error(`remotes.json: HTTP ${r.status}`);
      return r.json() as Promise<RuntimeConfig>;
    })
    .catch((e: unknown) => {
      pending = null;
      throw e;
    });
  return pending;
}

/** The academy's contact details, once /remotes.json has answered (null before, or when it cannot be read). */
export function useContactInfo(): RuntimeConfig['contact'] | null {
  const [contact, setContact] = useState<RuntimeConfig['contact'] | null>(null);
  useEffect(() => {
    let live = true;
    getRuntimeConfig().then((c) => live && setContact(c.contact), () => live && setContact(null));
    return () => {
      live = false;
    };
  }, []);
  return contact;
}

/** The deploy-time manifest the server serves: where each remote lives, and the academy's contact details. */
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

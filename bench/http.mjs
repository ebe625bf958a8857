/** What both bench phases share: the JSON request a simulated device makes, and the figures' formatting. */

/**
 * JSON request through an undici Client or Pool (a device's connections); resolves with { status, body, bytes, ms }
 * (status 0: connection error), never throws.
 */
export async function call(dev, method, url, body, token, signal) {
  const t0 = performance.now();
  const payload = body !== undefined ? JSON.stringify(body) : undefined;
  try {
    const res = await dev.request({
      method,
      path: `/api/${url}`,
      signal,
      headers: {
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: payload,
    });
    const text = await res.body.text();
    let parsed = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON */ }
    return { status: res.statusCode, body: parsed, bytes: Buffer.byteLength(text), ms: performance.now() - t0 };
  } catch (err) {
    return { status: 0, body: { error: err.message }, bytes: 0, ms: performance.now() - t0 };
  }
}

/** The p-th percentile of an ascending array (nearest rank); NaN when empty. */
export const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
export const fmt = (x, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '-');

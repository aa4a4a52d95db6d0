// A CSV export at size: time to the first byte and to the last, bytes, and the server's resident
// memory sampled from /proc every 50 ms while it runs (flat when the export streams).
import fs from 'node:fs';

/** @param {number} pid the server process, for its memory */
function rssMiB(pid) {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * With `limitMs`, stops reading after that long (`cut` says so): a slow build's export is then
 * compared by its rate, not waited out.
 * @param {string} url @param {Record<string, string>} headers @param {number} pid @param {number} [limitMs]
 * @returns {Promise<{ status: number, firstByteMs: number, totalMs: number, mib: number, lines: number, rssBefore: number, rssPeak: number, cut: boolean }>}
 */
export async function measureExport(url, headers, pid, limitMs = Infinity) {
  const rssBefore = rssMiB(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(pid))), 50);
  const started = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  let lines = 0;
  const stop = new AbortController();
  const timer = Number.isFinite(limitMs) ? setTimeout(() => stop.abort(), limitMs) : undefined;
  let cut = false;
  const res = await fetch(url, { headers, signal: stop.signal });
  const reader = /** @type {ReadableStream<Uint8Array>} */ (res.body).getReader();
  for (;;) {
    let next;
    try {
      next = await reader.read();
    } catch (err) {
      if (!stop.signal.aborted) throw err;
      cut = true;
      break;
    }
    const { done, value } = next;
    if (done) break;
    if (!firstByteMs) firstByteMs = performance.now() - started;
    bytes += value.byteLength;
    for (const b of value) if (b === 10) lines += 1;
  }
  const totalMs = performance.now() - started;
  clearTimeout(timer);
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, rssMiB(pid));
  return {
    status: res.status,
    firstByteMs: Math.round(firstByteMs),
    totalMs: Math.round(totalMs),
    mib: Math.round((bytes / 1048576) * 10) / 10,
    lines,
    rssBefore: Math.round(rssBefore),
    rssPeak: Math.round(rssPeak),
    cut,
  };
}

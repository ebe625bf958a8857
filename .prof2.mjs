import { chromium } from 'playwright-core';
const BASE = process.env.BASE ?? 'http://127.0.0.1:8400';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
await page.goto(BASE + '/login');
await page.getByLabel('Email').fill('student@example.com');
await page.getByLabel('Password').fill('password123');
await page.getByRole('button', { name: /sign in|login/i }).click();
await page.waitForURL(/\/student/);
await page.waitForTimeout(1500);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.goto(BASE + '/student/exams');
await page.getByRole('heading', { name: 'Available Exams' }).waitFor();
await page.waitForTimeout(1500);
const { profile } = await cdp.send('Profiler.stop');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(BASE, '').replace(/^.*\//, '')}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
// busy stretches: consecutive non-idle samples
let t = profile.startTime; const samples = [];
for (let i = 0; i < profile.samples.length; i++) { t += profile.timeDeltas[i]; samples.push({ t, id: profile.samples[i] }); }
const idle = (id) => { const f = byId.get(id).callFrame.functionName; return f === '(idle)'; };
const stretches = []; let cur = null;
for (const s of samples) {
  if (idle(s.id)) { if (cur) { stretches.push(cur); cur = null; } continue; }
  if (!cur) cur = { start: s.t, end: s.t, ids: [] };
  cur.end = s.t; cur.ids.push(s.id);
}
if (cur) stretches.push(cur);
stretches.sort((a, b) => (b.end - b.start) - (a.end - a.start));
for (const st of stretches.slice(0, 4)) {
  console.log(`\n== busy ${((st.end - st.start) / 1000).toFixed(0)} ms at ${((st.start - profile.startTime) / 1000).toFixed(0)} ms`);
  const roots = new Map(); const selfs = new Map();
  for (const id of st.ids) {
    // root-most JS frame below (root)/(program)
    let chain = []; let x = id; while (x !== undefined) { chain.push(x); x = parent.get(x); }
    chain = chain.reverse().map((i) => byId.get(i)).filter((n) => n.callFrame.functionName !== '(root)');
    const r = chain.slice(0, 3).map(name).join(' > ');
    roots.set(r, (roots.get(r) ?? 0) + 1);
    const s = name(byId.get(id)); selfs.set(s, (selfs.get(s) ?? 0) + 1);
  }
  const tot = st.ids.length;
  console.log(' entry stacks:'); [...roots].sort((a, b) => b[1] - a[1]).slice(0, 6).forEach(([k, v]) => console.log(`  ${(100 * v / tot).toFixed(0)}% ${k}`));
  console.log(' self:'); [...selfs].sort((a, b) => b[1] - a[1]).slice(0, 12).forEach(([k, v]) => console.log(`  ${(100 * v / tot).toFixed(0)}% ${k}`));
}
await browser.close();

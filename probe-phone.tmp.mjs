import { chromium } from 'playwright';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage({ viewport: { width: 390, height: 844 } });
const fencing = process.argv[2] ?? 'on';
const answer = process.argv[3] === 'answer';
await p.goto(`http://127.0.0.1:5173/?step=1&fencing=${fencing}`);
await p.waitForTimeout(1500);
const next = p.locator('#walkthrough').getByRole('button', { name: 'Next', exact: true });
for (let step = 1; step <= 23; step++) {
  const m = await p.evaluate(() => {
    const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; };
    const bar = document.querySelector('#walkthrough .walkthrough-bar');
    return { bar: box(bar), caption: box(document.querySelector('#walkthrough [data-testid="step-caption"]')), row: box(document.querySelector('#walkthrough .diagram g[data-row="current"]')), rowNow: box(document.querySelector('#walkthrough [data-testid="strip-row-now"]')), y: Math.round(scrollY) };
  });
  console.log(step, JSON.stringify(m));
  if (step === Number(process.argv[4] ?? 23)) { await p.screenshot({ path: "/tmp/phone-at.png" }); break; }
  if (answer) { const radio = p.locator('#walkthrough input[type=radio]').first(); if (await radio.count()) { await radio.check(); } }
  if (await next.isDisabled()) { console.log('next disabled'); const skip = p.locator('#walkthrough').getByRole('button', { name: /skip/i }); if (await skip.count()) await skip.first().click(); }
  await next.click();
  await p.waitForTimeout(700);
}
await p.screenshot({ path: '/tmp/phone-last.png' });
await b.close();
